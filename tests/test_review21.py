"""review21: the house items session 20 left open, each checked against torch or Python
(docs/parser.md, docs/checks.md)."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from driftcheck.parsers.source import parse_source
from tests.model_count_support import torch_count


def _write(tmp_path: Path, code: str, name: str = "model.py") -> Path:
    path = tmp_path / name
    path.write_text(textwrap.dedent(code))
    return path


def _static(path: Path) -> int | None:
    return parse_source(path, entry="M").params_total()


def _raises(path: Path, exc: str, entry: str | None = "M") -> bool:
    """No count, and the construction failure noted for IMP004."""
    g = parse_source(path, entry=entry)
    return g.params_total() is None and any(
        n.startswith(f"construction raises {exc}") for x in g.nodes for n in x.notes
    )


# ---------------------------------------------------------------- memo vs module globals
GLOBAL_STATE = {
    # a layer appends to a module-global list, then reads it (was 20 with the memo, 18 off)
    "append": """
        SEEN = []

        class Layer(nn.Module):
            def __init__(self, d):
                super().__init__()
                SEEN.append(d)
                self.lin = nn.Linear(len(SEEN), 2)

        class M(nn.Module):
            def __init__(self):
                super().__init__()
                self.layers = nn.ModuleList([Layer(4) for _ in range(3)])
    """,
    # the builder changes the global between constructions; the layer only reads it (40)
    "read": """
        SEEN = []

        class Layer(nn.Module):
            def __init__(self, d):
                super().__init__()
                self.lin = nn.Linear(len(SEEN) + d, 2)

        class M(nn.Module):
            def __init__(self):
                super().__init__()
                self.layers = nn.ModuleList()
                for i in range(3):
                    SEEN.append(i)
                    self.layers.append(Layer(4))
    """,
    # a dict item written (16)
    "dict": """
        CFG = {"w": 1}

        class Layer(nn.Module):
            def __init__(self, d):
                super().__init__()
                self.lin = nn.Linear(CFG["w"], 2)
                CFG["w"] += 1

        class M(nn.Module):
            def __init__(self):
                super().__init__()
                self.layers = nn.ModuleList([Layer(4) for _ in range(3)])
    """,
    # a list held inside a global dict (20)
    "nested": """
        REG = {"seen": []}

        class Layer(nn.Module):
            def __init__(self, d):
                super().__init__()
                REG["seen"].append(d)
                self.lin = nn.Linear(len(REG["seen"]), 2)

        class Block(nn.Module):
            def __init__(self, d):
                super().__init__()
                self.inner = Layer(d)

        class M(nn.Module):
            def __init__(self):
                super().__init__()
                self.layers = nn.ModuleList([Block(4) for _ in range(3)])
    """,
    # an inner construction reused inside a recorded outer one: the outer template must
    # hold the inner one's reads too
    "outer": """
        SEEN = []

        class Layer(nn.Module):
            def __init__(self, d):
                super().__init__()
                self.lin = nn.Linear(len(SEEN) + d, 2)

        class Block(nn.Module):
            def __init__(self, d):
                super().__init__()
                self.a = Layer(d)

        class M(nn.Module):
            def __init__(self):
                super().__init__()
                self.pre = nn.ModuleList([Layer(4) for _ in range(3)])
                self.layers = nn.ModuleList()
                for i in range(4):
                    SEEN.append(i)
                    self.layers.append(Block(4))
    """,
}


@pytest.mark.parametrize("case", sorted(GLOBAL_STATE))
@pytest.mark.parametrize("memo", ["1", "0"])
def test_memo_sees_module_global_state(tmp_path, case, memo, monkeypatch):
    """A construction that changes, or reads, a module global's list / dict is not copied
    when that state differs (speed/memo.py, deftime.watch): memo on and off give torch's."""
    monkeypatch.setenv("DRIFTCHECK_MEMO", memo)
    path = _write(tmp_path, "import torch.nn as nn\n" + textwrap.dedent(GLOBAL_STATE[case]))
    assert _static(path) == torch_count(path)


# ---------------------------------------------------------------- lru_cache of a list
CACHED = """
    import functools
    import torch.nn as nn

    @functools.lru_cache{opts}
    def width(dims):
        return sum(dims)

    class M(nn.Module):
        def __init__(self):
            super().__init__()
            {body}
"""


@pytest.mark.parametrize("arg", ["[2, 3]", "[d for d in (2, 3)]", "dims=[2, 3]"])
def test_lru_cache_of_a_list_display_raises(tmp_path, arg):
    """Python raises TypeError (unhashable type: 'list'): the call ran here, 6 params."""
    path = _write(tmp_path, CACHED.format(opts="", body=f"self.a = nn.Linear(width({arg}), 1)"))
    with pytest.raises(TypeError, match="unhashable"):
        torch_count(path)
    assert _raises(path, "TypeError")


def test_lru_cache_of_a_list_held_by_a_name_is_unknown(tmp_path):
    """A list value that may stand for an iterator (read as a list): never a count."""
    body = "dims = [2, 3]\n            self.a = nn.Linear(width(dims), 1)"
    path = _write(tmp_path, CACHED.format(opts="", body=body))
    with pytest.raises(TypeError, match="unhashable"):
        torch_count(path)
    assert _static(path) is None


def test_lru_cache_of_a_generator_runs(tmp_path):
    """A generator is hashable (by identity): Python runs the call (6 params). A list read
    for it gives an unknown here, not the crash."""
    body = "self.a = nn.Linear(width(d for d in (2, 3)), 1)"
    path = _write(tmp_path, CACHED.format(opts="", body=body))
    assert torch_count(path) == 6
    assert _static(path) is None


def test_lru_cache_maxsize_zero_hashes_nothing(tmp_path):
    """``maxsize=0`` calls the function without a key: a list is fine in Python (6)."""
    body = "self.a = nn.Linear(width([2, 3]), 1)"
    path = _write(tmp_path, CACHED.format(opts="(maxsize=0)", body=body))
    assert _static(path) == torch_count(path) == 6


# ---------------------------------------------------------------- fuse_conv_bn_eval
FUSE = """
    import torch.nn as nn
    from torch.nn.utils import prune
    from torch.nn.utils.fusion import fuse_conv_bn_eval

    class M(nn.Module):
        def __init__(self):
            super().__init__()
            conv = nn.{conv}
            {prune}
            self.f = fuse_conv_bn_eval(conv.eval(), nn.BatchNorm2d(4).eval())
"""


@pytest.mark.parametrize(
    ("conv", "pruned"),
    [("Conv2d(3, 4, 3)", True), ("ConvTranspose2d(3, 4, 3)", False)],
)
def test_fuse_that_torch_rejects_is_unknown(tmp_path, conv, pruned):
    """torch raises (a pruned weight is no graph leaf: deepcopy fails; a ConvTranspose's
    first weight dim is its in channels): no count (was 224 / 112)."""
    prune = 'prune.l1_unstructured(conv, "weight", 0.5)' if pruned else "pass"
    path = _write(tmp_path, FUSE.format(conv=conv, prune=prune))
    with pytest.raises(RuntimeError):
        torch_count(path)
    assert _static(path) is None


@pytest.mark.parametrize("conv", ["Conv2d(3, 4, 3)", "ConvTranspose2d(4, 4, 3)"])
def test_fuse_torch_accepts_counts(tmp_path, conv):
    path = _write(tmp_path, FUSE.format(conv=conv, prune="pass"))
    assert _static(path) == torch_count(path)


# ---------------------------------------------------------------- syntax scans kept on nodes
GLOBALS = """
    import torch.nn as nn

    N = 1

    def configure():
        global N
        N = 3

    configure()

    class Layer(nn.Module):
        def __init__(self, d):
            super().__init__()
            global N
            N += 1
            self.lin = nn.Linear(N, d)

    class M(nn.Module):
        def __init__(self):
            super().__init__()
            self.layers = nn.ModuleList([Layer(2) for _ in range(3)])
"""


def test_global_scans_switch_same_count(tmp_path):
    """``globalstmt.global_names`` / ``modglobals._global_setters`` are kept on the tree
    under the ``attr_scans`` switch: off, each is read again, the same (torch's) count."""
    import dataclasses

    from driftcheck import speed

    path = _write(tmp_path, GLOBALS)
    got = []
    for on in (False, True, False):
        sp = dataclasses.replace(speed.current(), result_cache=False, attr_scans=on)
        with speed.use(sp):
            got.append(_static(path))
    assert got == [torch_count(path)] * 3


def test_global_names_off_keeps_nothing_on_the_node():
    import ast

    from driftcheck.parsers.source.interp import globalstmt

    fn = ast.parse("def f():\n    global a, b\n    a = 1\n").body[0]
    assert globalstmt.global_names(fn, keep=False) == {"a", "b"}
    assert not hasattr(fn, "_driftcheck_global")
    assert globalstmt.global_names(fn) == {"a", "b"}
    assert fn._driftcheck_global == {"a", "b"}


@pytest.mark.parametrize("how", ["popitem", "ior"])
def test_watched_part_params_see_every_write(how):
    """leafparts._Watched marks its owner unresolved on every write, popitem and |= too."""
    from driftcheck.parsers.source.interp.leafparts import _Watched
    from driftcheck.parsers.source.values.abstract import Leaf

    owner = Leaf(type="LSTM", params={}, loc=None)
    w = _Watched(owner, "weight_ih_l0", {"a": 1, "b": 2})
    if how == "popitem":
        assert w.popitem() == ("b", 2)
    else:
        w |= {"c": 3}
        assert w == {"a": 1, "b": 2, "c": 3}
        assert isinstance(w, _Watched)
    assert owner.unresolved and "changed through a module walk" in owner.unresolved[0]


# ---------------------------------------------------------------- construction that raises
RAISING = {
    # a size check of the user's own code: torch never gets to build a layer
    "raise": """
        import torch.nn as nn

        class M(nn.Module):
            def __init__(self, d=10, heads=3):
                super().__init__()
                self.q = nn.Linear(d, d)
                if d % heads:
                    raise ValueError("d must divide into heads")
    """,
    "assert": """
        import torch.nn as nn

        class M(nn.Module):
            def __init__(self, d=10, heads=3):
                super().__init__()
                assert d % heads == 0, "d must divide into heads"
                self.q = nn.Linear(d, d)
    """,
}
_EXC = {"raise": ValueError, "assert": AssertionError}


@pytest.mark.parametrize("case", sorted(RAISING))
def test_check_reports_a_construction_that_raises_as_a_blocker(tmp_path, case, capsys):
    """Building the model raises in torch; ``check`` says so (IMP004, the exception and the
    statement's file:line) and exits 1: the user's defect, proven, not "cannot analyse" (2)."""
    from driftcheck.cli import main

    path = _write(tmp_path, RAISING[case])
    with pytest.raises(_EXC[case]):
        torch_count(path)
    line = 9 if case == "raise" else 7
    assert main(["check", str(path)]) == 1
    out = capsys.readouterr().out
    assert "IMP004" in out and _EXC[case].__name__ in out
    assert f"{path}:{line}" in out
    assert _raises(path, _EXC[case].__name__)


def test_a_check_that_passes_is_no_finding(tmp_path, capsys):
    from driftcheck.cli import main

    code = RAISING["assert"].replace("heads=3", "heads=2")
    path = _write(tmp_path, code.replace("raise ValueError", "pass  #"))
    assert main(["check", str(path)]) == 0
    assert _static(path) == torch_count(path)


def test_an_assert_under_an_undecided_condition_is_not_judged(tmp_path):
    code = """
        import os
        import torch.nn as nn

        class M(nn.Module):
            def __init__(self, d=10, heads=3):
                super().__init__()
                if os.environ.get("DRIFTCHECK_REVIEW21_UNSET"):
                    assert d % heads == 0
                self.q = nn.Linear(d, d)
    """
    path = _write(tmp_path, code)
    assert _static(path) == torch_count(path) == 110


def test_a_script_whose_model_raises_is_a_blocker(tmp_path, capsys):
    """``model = M()`` at the top of a script (analyze.module_root): the same finding."""
    from driftcheck.cli import main

    path = _write(tmp_path, textwrap.dedent(RAISING["raise"]) + "\nmodel = M()\n")
    assert main(["check", str(path)]) == 1
    out = capsys.readouterr().out
    assert "IMP004" in out and f"{path}:9" in out


def test_several_files_one_raising_all_reported_exit_1(tmp_path, capsys):
    from driftcheck.cli import main

    bad = _write(tmp_path, RAISING["raise"], "bad.py")
    good = _write(tmp_path, RAISING["assert"].replace("heads=3", "heads=2"), "good.py")
    assert main(["check", str(bad), str(good)]) == 1
    out = capsys.readouterr().out
    assert f"{bad}:9" in out and "IMP004" in out
    assert f"{good}: score" in out


def test_a_raise_in_an_imported_file_stays_an_error(tmp_path, capsys):
    """Only the files given are the user's: a ``raise`` reached in code they import (our
    reading of it may be wrong) stays exit 2, as before."""
    from driftcheck.cli import main

    _write(tmp_path, "def width(d):\n    raise ValueError(d)\n", "helper.py")
    path = _write(
        tmp_path,
        """
        import torch.nn as nn
        from helper import width

        class M(nn.Module):
            def __init__(self):
                super().__init__()
                self.q = nn.Linear(width(3), 2)
        """,
    )
    assert main(["check", str(path)]) == 2


# ---------------------------------------------------------------- __init_subclass__ raising
SUBCLASS = """
    import torch.nn as nn

    REG = {{}}


    class Base(nn.Module):
        def __init_subclass__(cls, key=None, **kw):
            super().__init_subclass__(**kw)
            if key in REG:
                raise KeyError(key)
            REG[key] = cls


    class Small(Base, key="small"):
        def __init__(self):
            super().__init__()
            self.l = nn.Linear(2, 2)


    class Big(Base, key="{key}"):
        def __init__(self):
            super().__init__()
            self.l = nn.Linear(8, 8)


    class M(nn.Module):
        def __init__(self):
            super().__init__()
            self.b = REG.get("big", Small)()
"""


def test_a_class_statement_that_raises_in_init_subclass_is_no_count(tmp_path):
    """Importing the module raises KeyError (a duplicate key): the registry's default was
    taken for the missing entry, 6 params for a program that stops."""
    path = _write(tmp_path, SUBCLASS.format(key="small"))
    with pytest.raises(KeyError):
        torch_count(path)
    assert _raises(path, "KeyError")


def test_init_subclass_registry_counts(tmp_path):
    path = _write(tmp_path, SUBCLASS.format(key="big"))
    assert _static(path) == torch_count(path) == 72


# ---------------------------------------------------------------- deepcopy of a borrowed weight
CLONE = """
    import copy
    import torch.nn as nn


    class Head(nn.Module):
        def __init__(self, emb):
            super().__init__()
            self.w = emb.weight
            self.b = nn.Linear(2, 2)


    class M(nn.Module):
        def __init__(self):
            super().__init__()
            self.emb = nn.Embedding(10, 4)
            self.head = {head}
"""


@pytest.mark.parametrize("head", ["copy.deepcopy(Head(self.emb))", "Head(self.emb)"])
def test_deepcopy_copies_a_weight_borrowed_from_outside(tmp_path, head):
    """A module holding another module's weight, deep-copied alone: the copy holds a weight
    of its own (torch 86); it was still tied to the original embedding (46)."""
    path = _write(tmp_path, CLONE.format(head=head))
    assert _static(path) == torch_count(path)
