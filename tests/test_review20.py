"""Session 20 review: the fixes the review made, each checked against torch (docs/parser.md)."""

from __future__ import annotations

import ast
import textwrap
from pathlib import Path

import pytest

from driftcheck import toplevel
from driftcheck.parsers.source import parse_source
from tests.model_count_support import torch_count


def _write(tmp_path: Path, code: str) -> Path:
    path = tmp_path / "model.py"
    path.write_text(textwrap.dedent(code))
    return path


def _static(path: Path, root: str) -> int | None:
    return parse_source(path, entry=None if root == "model" else root).params_total()


# ---------------------------------------------------------------- Sequential += (house item a)
SEQ_IADD = """
    import operator
    import torch.nn as nn

    class M(nn.Module):
        def __init__(self):
            super().__init__()
            s = nn.Sequential(nn.Linear(2, 2))
            {stmt}
            self.s = s
"""


@pytest.mark.parametrize(
    "stmt",
    [
        "s += [nn.Linear(2, 3)]",
        "s += (nn.Linear(2, 3),)",
        "s += nn.ModuleList([nn.Linear(2, 3)])",
        "s = operator.iadd(s, [nn.Linear(2, 3)])",
    ],
)
def test_sequential_iadd_of_a_non_sequential_is_no_count(tmp_path, stmt):
    """torch's ``Sequential.__iadd__`` raises ValueError on anything but a Sequential; the
    items were appended here (15 parameters for a program that crashes)."""
    path = _write(tmp_path, SEQ_IADD.format(stmt=stmt))
    with pytest.raises(ValueError, match="Sequential"):
        torch_count(path)
    assert _static(path, "M") is None


@pytest.mark.parametrize(
    "stmt",
    [
        "s += nn.Sequential(nn.Linear(2, 3))",
        "s = operator.iadd(s, nn.Sequential(nn.Linear(2, 3)))",
    ],
)
def test_sequential_iadd_of_a_sequential_counts(tmp_path, stmt):
    path = _write(tmp_path, SEQ_IADD.format(stmt=stmt))
    assert _static(path, "M") == torch_count(path) == 15


def test_module_list_iadd_of_a_list_still_counts(tmp_path):
    code = SEQ_IADD.format(stmt="s += [nn.Linear(2, 3)]")
    code = code.replace("nn.Sequential(nn.Linear(2, 2))", "nn.ModuleList([nn.Linear(2, 2)])")
    path = _write(tmp_path, code)
    assert _static(path, "M") == torch_count(path) == 15


# ---------------------------------------------------------------- __main__ blocks (house item b)
LAYER = """
import torch.nn as nn

class N(nn.Module):
    def __init__(self, w):
        super().__init__()
        self.l = nn.Linear(w, w)

"""

MAIN_CASES = {
    # ``!=``: the body runs at import (it was skipped as the main block: 6 vs torch 72)
    "ne_global": """
        W = 2
        if __name__ != "__main__":
            W = 8
        class M(N):
            def __init__(self):
                super().__init__(W)
        """,
    "ne_model": """
        model = N(2)
        if __name__ != "__main__":
            model = N(8)
        """,
    # the else of a main block runs at import (``binds`` skipped it: 6 vs 72)
    "else_model": """
        model = N(2)
        if __name__ == "__main__":
            model = N(4)
        else:
            model = N(8)
        """,
    # a condition that merely names the text "__main__" is an ordinary if
    "other_text": """
        W = 2
        MODE = "__main__"
        if MODE == "__main__x" or W == 2:
            W = 8
        class M(N):
            def __init__(self):
                super().__init__(W)
        """,
    # ``and`` holding the test: the body needs __main__ too
    "and_main": """
        W = 8
        if __name__ == "__main__" and W:
            W = 2
        class M(N):
            def __init__(self):
                super().__init__(W)
        """,
}


@pytest.mark.parametrize("name", sorted(MAIN_CASES))
def test_main_block_read_as_python_runs_it(tmp_path, name):
    tail = textwrap.dedent(MAIN_CASES[name])
    root = "M" if "class M" in tail else "model"
    path = _write(tmp_path, LAYER + tail)
    assert _static(path, root) == torch_count(path, root=root) == 72


def test_main_block_test_is_on_the_syntax():
    def first(src: str) -> ast.stmt:
        return ast.parse(textwrap.dedent(src)).body[0]

    assert toplevel.main_block(first("if __name__ == '__main__':\n    pass"))
    assert toplevel.main_block(first("if '__main__' == __name__:\n    pass"))
    assert toplevel.main_block(first("if __name__ == '__main__' and x:\n    pass"))
    assert not toplevel.main_block(first("if __name__ != '__main__':\n    pass"))
    assert not toplevel.main_block(first("if __name__ == '__main__' or x:\n    pass"))
    assert not toplevel.main_block(first("if x == '__main__':\n    pass"))
    guard = first("if __name__ == '__main__':\n    a = 1\nelse:\n    b = 2\n")
    assert toplevel.inner(guard) == guard.orelse
    assert toplevel.binds(guard, "b") and not toplevel.binds(guard, "a")
    assert toplevel.at_import(guard) == guard.orelse


# ---------------------------------------------------------------- defaults (house item c)
DEFAULTS = """
    import inspect
    import torch.nn as nn

    W = 2
    def make(d=W, *, k=W):
        return nn.Linear(d, d)
    W = 8

    class M(nn.Module):
        def __init__(self):
            super().__init__()
            D = {read}
            self.l = nn.Linear(D, D)
"""


@pytest.mark.parametrize(
    "read",
    [
        'inspect.signature(make).parameters["d"].default',
        'inspect.signature(make).parameters["k"].default',
        "inspect.getfullargspec(make).defaults[0]",
        'inspect.getfullargspec(make).kwonlydefaults["k"]',
        "make.__defaults__[0]",
        'make.__kwdefaults__["k"]',
    ],
)
def test_default_read_by_an_accessor_is_the_def_time_one(tmp_path, read):
    """Every accessor of a default reads what the ``def`` saw (``deftime.value``, shared with
    the call's binding): they evaluated it in the finished namespace (72 where torch has 6);
    the value was unknown there, as a call's default was; review20b takes the literal the
    global held at the def (interp/deftime.py ``_at_def``)."""
    path = _write(tmp_path, DEFAULTS.format(read=read))
    assert _static(path, "M") == torch_count(path) == 6


def test_default_not_rebound_stays_exact(tmp_path):
    code = DEFAULTS.format(
        read="make.__defaults__[0] + inspect.signature(make).parameters['k'].default"
    )
    path = _write(tmp_path, code.replace("W = 8\n", "V = 8\n"))
    assert _static(path, "M") == torch_count(path) == 20


# ---------------------------------------------------------------- dict.pop / setdefault (item e)
DICT_POP = """
    import torch.nn as nn

    CFG = {{"width": 4}}

    class M(nn.Module):
        def __init__(self):
            super().__init__()
            d = dict(CFG)
            n = {read}
            self.layers = nn.ModuleList(nn.Linear(4, 4) for _ in range(n or 2))
"""


def test_dict_pop_of_a_missing_key_is_no_count(tmp_path):
    """``d.pop(key)`` of a missing key raises KeyError; it gave None here (``n or 2``: 40
    parameters for a program that crashes)."""
    path = _write(tmp_path, DICT_POP.format(read='d.pop("depth")'))
    with pytest.raises(KeyError):
        torch_count(path)
    assert _static(path, "M") is None


@pytest.mark.parametrize(
    "read",
    ['d.pop("depth", 3)', 'd.pop("width") - 1', 'd.setdefault("depth")', 'd.setdefault("n", 3)'],
)
def test_dict_pop_and_setdefault_keep_python_values(tmp_path, read):
    path = _write(tmp_path, DICT_POP.format(read=read))
    assert _static(path, "M") == torch_count(path)


# ---------------------------------------------------------------- ~ on a flag (review of wildfix19)
FLAG_INVERT = """
    import enum
    import torch.nn as nn

    class F({bases}):
        A = 1
        B = 2
        C = 8

    class M(nn.Module):
        def __init__(self):
            super().__init__()
            n = (~F.A).value + (~(F.A | F.B)).value
            self.l = nn.Linear(n, 2)
"""


@pytest.mark.parametrize(
    "bases",
    [
        "enum.IntFlag",
        "enum.Flag",
        "enum.IntFlag, boundary=enum.STRICT",
        "enum.Flag, boundary=enum.KEEP",
        "enum.IntFlag, boundary=enum.CONFORM",
    ],
)
def test_flag_invert_follows_the_boundary(tmp_path, bases):
    """Python 3.11's ``~`` keeps every bit up to the mask's highest under ``KEEP`` (an
    ``IntFlag``'s default: ``~F.A`` is 14 for members 1, 2, 8); the members' bits alone
    (10) were taken for every flag: 40 where torch has 48."""
    path = _write(tmp_path, FLAG_INVERT.format(bases=bases))
    assert _static(path, "M") == torch_count(path)


def test_list_pop_of_an_empty_list_is_no_count(tmp_path):
    """``[].pop()`` raises IndexError; it gave None here (``n or 2``: a count for a crash)."""
    code = DICT_POP.format(read="[].pop()")
    path = _write(tmp_path, code)
    with pytest.raises(IndexError):
        torch_count(path)
    assert _static(path, "M") is None


# ---------------------------------------------------------------- isinstance of a builtin's subclass
BUILTIN_SUB = """
    import collections
    import torch.nn as nn

    class Dims(tuple):
        pass

    class Table(dict):
        pass

    class P(collections.namedtuple("P", "a b")):
        pass

    class M(nn.Module):
        def __init__(self):
            super().__init__()
            v = {value}
            n = 6 if isinstance(v, {kind}) else 3
            self.l = nn.Linear(n, 2)
"""


@pytest.mark.parametrize(
    "value, kind",
    [
        ("Dims([2, 3])", "tuple"),
        ("Dims([2, 3])", "list"),
        ("Dims([2, 3])", "(int, tuple)"),
        ("Table(a=1)", "dict"),
        ("Table(a=1)", "collections.OrderedDict"),
        ("Table(a=1)", "collections.abc.Mapping"),
        ("P(1, 2)", "tuple"),
    ],
)
def test_isinstance_of_a_builtin_subclass_instance(tmp_path, value, kind):
    """An instance of ``class Dims(tuple)`` is a tuple: every object of a class read from
    source answered False against a builtin type (14 vs torch 20 on a tuple subclass)."""
    path = _write(tmp_path, BUILTIN_SUB.format(value=value, kind=kind))
    assert _static(path, "M") == torch_count(path)


# ---------------------------------------------------------------- enum.Flag members (wildfix19a)
FLAG_CLASS = """
    import enum
    import torch.nn as nn

    class F(enum.Flag):
        NONE = 0
        A = enum.auto()
        B = enum.auto()
        AB = A | B
        C = enum.auto()

    class M(nn.Module):
        def __init__(self):
            super().__init__()
            n = {expr}
            self.l = nn.Linear(n, 2)
"""


@pytest.mark.parametrize(
    "expr",
    [
        "F.AB.value",  # 3: the class body binds A and B to their numbers
        "F.C.value",  # 4: the next bit after 3 (8 when AB was one more auto())
        "len(list(F))",  # 3: a flag lists its single-bit members only
        "len(F)",
        "3 if (F.A | F.B) is F.AB else 5",
        "sum(m.value for m in F)",
    ],
)
def test_flag_class_members_as_python_numbers_them(tmp_path, expr):
    path = _write(tmp_path, FLAG_CLASS.format(expr=expr))
    assert _static(path, "M") == torch_count(path)


# ---------------------------------------------------------------- dataclasses.fields (wildfix19)
def test_dataclass_fields_leave_out_init_vars(tmp_path):
    """``fields()`` has no InitVar pseudo-field (3 fields counted where Python has 2)."""
    code = """
        import dataclasses
        import torch.nn as nn

        @dataclasses.dataclass
        class C:
            a: int = 3
            b: int = 4
            c: dataclasses.InitVar[int] = 5

            def __post_init__(self, c):
                self.d = c

        class M(nn.Module):
            def __init__(self):
                super().__init__()
                fs = dataclasses.fields(C)
                self.l = nn.Linear(len(fs), len(dataclasses.astuple(C())))
    """
    path = _write(tmp_path, code)
    assert _static(path, "M") == torch_count(path) == 6


# ---------------------------------------------------------------- a def in both branches of an if
BRANCH_DEFS = """
    import torch.nn as nn

    W = 2
    if {test}:
        def width():
            return 8
    else:
        def width():
            return 2

    class M(nn.Module):
        def __init__(self):
            super().__init__()
            self.l = nn.Linear(width(), 2)
"""


@pytest.mark.parametrize("test", ["W > 1", "W > 5", '__name__ != "__main__"'])
def test_a_function_defined_in_both_branches_is_the_branch_taken(tmp_path, test):
    """The last ``def`` in the source was taken whichever branch the test picks (6 vs 18)."""
    path = _write(tmp_path, BRANCH_DEFS.format(test=test))
    assert _static(path, "M") == torch_count(path)


def test_a_function_defined_under_an_unknown_test_is_unknown(tmp_path):
    code = BRANCH_DEFS.format(test='__import__("os").environ.get("SMALL")')
    path = _write(tmp_path, code.replace("W = 2\n", "import os\n"))
    assert torch_count(path) == 6  # SMALL unset here: the else branch
    assert _static(path, "M") is None
