"""Session 29 (wildfix29b, issue #16): constructs behind fresh26's dev unknowns, each checked
against torch (counts) or CPython (the language rule).

- A class statement whose metaclass is read from source runs the metaclass's hooks as
  ``type.__call__`` does (interp/metanew.py): ``__prepare__``'s namespace sees every binding of
  the body in order (repeated names included), ``__new__`` and ``__init__`` run with it, and
  what they write on the class is the class's. Classes above it in the module are made first
  (a hook counting classes sees Python's order). What cannot be followed is unknown.
- ``dict(x)`` / ``len(x)`` of a dict subclass's instance: its stored items (library row in
  tests/test_library.py).
"""

from __future__ import annotations

import pytest

from driftcheck.errors import DriftcheckError
from tests.model_count_support import check_count_matches_torch, check_honest_unknown

pytest.importorskip("torch")

RECORDING = """
import torch.nn as nn


class Rec(dict):
    def __init__(self):
        super().__init__()
        self.seen = []

    def __setitem__(self, key, value):
        self.seen.append(key)
        if key == "layer":
            self.setdefault("widths", [])
        super().__setitem__(key, value)


class LayerMeta(type):
    @classmethod
    def __prepare__(mcs, name, bases, **kw):
        return Rec()

    def __new__(mcs, name, bases, ns, **kw):
        cls = super().__new__(mcs, name, bases, dict(ns))
        cls.n_keys = len(ns.seen)
        cls.layers = [ns.seen.count("layer")]
        return cls


class Arch(metaclass=LayerMeta):
    \"\"\"docstring: stored as __doc__ first\"\"\"
    layer = 32
    layer = 64

    def helper(self):
        return 1

    layer = 16


class M(nn.Module):
    def __init__(self):
        super().__init__()
        # n_keys: __module__, __qualname__, __doc__, layer x3, helper (CPython 3.11)
        self.a = nn.Linear(Arch.n_keys, Arch.layer)
        self.b = nn.Linear(Arch.layers[0], 5)
"""


def test_prepared_namespace_sees_every_binding() -> None:
    """The stores CPython makes into a ``__prepare__`` mapping, in order: the keys our
    emulation lists (interp/metanew.py ``_bindings``)."""
    seen: list[str] = []

    class Rec(dict):
        def __setitem__(self, key, value):
            seen.append(key)
            super().__setitem__(key, value)

    class Meta(type):
        @classmethod
        def __prepare__(mcs, name, bases, **kw):
            return Rec()

    class Arch(metaclass=Meta):
        """doc"""

        layer = 32
        layer = 64

        def helper(self):
            return 1

        layer = 16

    assert seen == ["__module__", "__qualname__", "__doc__", "layer", "layer", "helper", "layer"]
    assert Arch.layer == 16


def test_prepare_and_new_count_matches_torch(tmp_path) -> None:
    check_count_matches_torch(tmp_path, RECORDING)


HOOKS = """
import torch.nn as nn


class Meta(type):
    count = 0

    def __new__(mcs, name, bases, ns, scale=1):
        ns["extra"] = 3 * scale
        cls = super().__new__(mcs, name, bases, ns)
        Meta.count += 1
        cls.index = Meta.count
        return cls

    def __init__(cls, name, bases, ns, scale=1):
        super().__init__(name, bases, ns)
        cls.depth = len(bases) + scale


class A(metaclass=Meta):
    w = 4


class B(A, scale=2):
    v = 5


class M(nn.Module):
    def __init__(self):
        super().__init__()
        # B is read first here; Python made A first (index 1) and B second (index 2)
        self.a = nn.Linear(B.index, A.index + 1)
        self.b = nn.Linear(A.extra, B.extra)
        self.c = nn.Linear(A.depth, B.depth + A.w + B.v)
"""


def test_metaclass_new_and_init_counter_matches_torch(tmp_path) -> None:
    """``Meta.count += 1`` inside the metaclass's ``__new__``: a class attribute changed by code
    the import ran. Session 29 read it as unknown (interp/classtype.py ``state_at_import``);
    session 30 (wrongs30) makes the module's class statements that use the metaclass first, in
    order, as the import did (``classtype.made_at_import``): torch's count."""
    check_count_matches_torch(tmp_path, HOOKS)
    check_count_matches_torch(tmp_path, HOOKS.replace("B.index, A.index + 1", "4, 5"))


IN_FUNCTION = """
import torch.nn as nn


class Meta(type):
    def __new__(mcs, name, bases, ns):
        cls = super().__new__(mcs, name, bases, dict(ns))
        cls.width = sum(v for k, v in ns.items() if k.startswith("d_"))
        return cls


def make(k):
    class Spec(metaclass=Meta):
        d_in = 4 * k
        d_out = 8

    return Spec


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(make(1).width, make(2).width)
"""


def test_metaclass_in_a_function_count_matches_torch(tmp_path) -> None:
    check_count_matches_torch(tmp_path, IN_FUNCTION)


NOT_THE_CLASS = """
import torch.nn as nn


class Meta(type):
    def __new__(mcs, name, bases, ns):
        super().__new__(mcs, name, bases, ns)
        return {"width": 7}


class Spec(metaclass=Meta):
    width = 3


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(4, Spec["width"] if isinstance(Spec, dict) else Spec.width)
"""

ANNOTATED = """
import torch.nn as nn


class Rec(dict):
    def __init__(self):
        super().__init__()
        self.n = 0

    def __setitem__(self, key, value):
        self.n += 1
        super().__setitem__(key, value)


class Meta(type):
    @classmethod
    def __prepare__(mcs, name, bases):
        return Rec()

    def __new__(mcs, name, bases, ns):
        cls = super().__new__(mcs, name, bases, dict(ns))
        cls.n = ns.n
        return cls


class Spec(metaclass=Meta):
    width: int = 3  # __annotations__ is stored as well: not listed by the analyzer


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(4, Spec.n)
"""

RAISES = """
import torch.nn as nn


class Meta(type):
    def __new__(mcs, name, bases, ns):
        if "width" in ns:
            raise TypeError("no width here")
        return super().__new__(mcs, name, bases, ns)


try:
    class Spec(metaclass=Meta):
        width = 3
except TypeError:
    class Spec:
        width = 9


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(4, Spec.width)
"""


@pytest.mark.parametrize("code", [NOT_THE_CLASS, ANNOTATED], ids=["not_the_class", "annotated"])
def test_unfollowed_metaclass_steps_are_unknown(tmp_path, code) -> None:
    check_honest_unknown(tmp_path, code)


def test_raising_metaclass_is_never_the_body(tmp_path) -> None:
    """``__new__`` raises: the class statement fails. The body's width (3) must never be
    counted; the handler's class (9) is torch's answer, an unknown is honest."""
    from driftcheck.parsers.source import parse_source
    from tests.model_count_support import torch_count, write_sized

    path = write_sized(tmp_path, RAISES)
    got = parse_source(path, entry="M").params_total()
    assert got in (None, torch_count(path)), got


TEXT = """
import torch.nn as nn


class Ir(tuple):
    def __new__(cls, l, p):
        return super().__new__(cls, (l, p))

    def __repr__(self):
        return f"{self[0]}{'e' if self[1] == 1 else 'o'}"


class MulIr(tuple):
    def __new__(cls, mul, ir):
        return super().__new__(cls, (mul, ir))

    def __repr__(self):
        return f"{self[0]}x{self[1]}"


def parse(text):
    mul, rest = text.split("x")
    return int(mul) * (2 * int(rest[:-1]) + 1)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        spec = str(MulIr(8, Ir(1, -1)))  # "8x1o": 24 features
        self.a = nn.Linear(parse(spec), len(f"{MulIr(2, Ir(0, 1))}!"))
"""

OBJECT_REPR = """
import torch.nn as nn


class Spec:
    pass


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(4, len(repr(Spec())))  # holds the object's address
"""

BAD_STR = """
import torch.nn as nn


class Spec:
    def __str__(self):
        return 5


try:
    WIDTH = len(str(Spec()))
except TypeError:
    WIDTH = 3


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(4, WIDTH)
"""


def test_text_protocols_count_matches_torch(tmp_path) -> None:
    check_count_matches_torch(tmp_path, TEXT)


def test_object_repr_is_unknown(tmp_path) -> None:
    check_honest_unknown(tmp_path, OBJECT_REPR)


def test_str_returning_no_str_is_never_counted(tmp_path) -> None:
    """``__str__`` returning an int: CPython's TypeError (the handler's 3). Never the int."""
    from driftcheck.parsers.source import parse_source
    from tests.model_count_support import torch_count, write_sized

    path = write_sized(tmp_path, BAD_STR)
    got = parse_source(path, entry="M").params_total()
    assert got in (None, torch_count(path)), got


E3NN_TEXT = """
import torch.nn as nn
from e3nn import o3


class M(nn.Module):
    def __init__(self):
        super().__init__()
        hidden = o3.Irreps("8x0e + 8x1o")
        scalars = o3.Irreps(str(hidden[0]))  # MACE's last-layer hidden irreps
        sh = o3.Irreps.spherical_harmonics(2)
        inter = (sh * 8).sort()[0].simplify()  # MACE's interaction irreps
        self.a = nn.Linear(scalars.dim, inter.dim)
        self.b = nn.Linear(len(inter), hidden.dim)
"""


def test_e3nn_irreps_text_and_sort_count_matches_torch(tmp_path) -> None:
    pytest.importorskip("e3nn")
    check_count_matches_torch(tmp_path, E3NN_TEXT)


INDEX_WIDTH = """
import torch.nn as nn


class Width:
    def __init__(self, base, mult):
        self.base, self.mult = base, mult

    def __index__(self):
        return self.base * self.mult


w = Width(4, 3)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = LAYER
"""


@pytest.mark.parametrize(
    "layer",
    [
        "nn.Linear(w, w, bias=False)",
        "nn.Embedding(w, 8)",
        "nn.BatchNorm1d(w)",
        "nn.Conv2d(w, 8, 3)",  # torch: Width % int, TypeError
        "nn.LayerNorm(w)",  # torch: tuple(Width), TypeError
        "nn.GRU(w, 8)",  # torch: input_size should be of type int
    ],
)
def test_index_object_sizes_as_torch_reads_them(tmp_path, layer) -> None:
    """An object with ``__index__`` as a layer's size: torch's own ``__init__`` decides (its
    ``torch.empty`` reads the size through ``__index__``; some layers raise). Exact where
    torch builds the layer, unknown where it raises: never a count torch does not give."""
    from driftcheck.parsers.source import parse_source
    from tests.model_count_support import torch_count, write_sized

    path = write_sized(tmp_path, INDEX_WIDTH.replace("LAYER", layer))
    try:
        want: int | None = torch_count(path)
    except TypeError:
        want = None
    try:
        got = parse_source(path, entry="M").params_total()
    except DriftcheckError:  # "M.__init__ would raise TypeError": torch's verdict too
        got = None
    assert got == want, (layer, got, want)
