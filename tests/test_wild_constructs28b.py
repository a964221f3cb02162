"""Session 28 (wildfix28, issue #16): fresh26's dev part -- constructs behind its unknowns,
each checked against torch (counts) or CPython (the language rule).

- A dataclass's generated ``__init__`` (interp/objmodel.py ``init_dataclass``) takes the
  parameters ``dataclasses`` gives it: an ``InitVar`` is a parameter handed on to
  ``__post_init__`` (never stored), a ``ClassVar`` is none, a ``field(init=False)`` is none
  and gets its default (or stays unset), fields after ``KW_ONLY`` are keyword-only, and a
  field a subclass redefines keeps its first place.
"""

from __future__ import annotations

import dataclasses
from typing import ClassVar

import pytest

from driftcheck.errors import DriftcheckError
from driftcheck.parsers.source import parse_source
from tests.model_count_support import (
    check_count_matches_torch,
    check_honest_unknown,
    torch_count,
    write_sized,
)

pytest.importorskip("torch")


def test_dataclass_init_parameters_are_cpythons() -> None:
    @dataclasses.dataclass
    class Base:
        a: int = 3
        b: int = 4

    @dataclasses.dataclass
    class Sub(Base):
        c: int = 5
        a: int = 6

    assert (Sub(10, 20, 30).a, Sub(10, 20, 30).c) == (10, 30)

    @dataclasses.dataclass
    class K:
        n: ClassVar[int] = 100
        x: int
        _: dataclasses.KW_ONLY
        y: int = 7
        scale: dataclasses.InitVar[int] = 2
        z: int = dataclasses.field(init=False, default=9)
        w: int = dataclasses.field(init=False)

        def __post_init__(self, scale: int) -> None:
            self.x = self.x * scale

    k = K(11, scale=3)
    assert (k.x, k.y, k.z, K.n) == (33, 7, 9, 100)
    assert not hasattr(k, "w") and "scale" not in vars(k)
    with pytest.raises(TypeError):
        K(11, 12)  # y is keyword-only


DATACLASS_INIT = """
from dataclasses import InitVar, KW_ONLY, dataclass, field
from typing import ClassVar
import torch.nn as nn


@dataclass
class Base:
    a: int = 3
    b: int = 4


@dataclass
class Sub(Base):
    c: int = 5
    a: int = 6


@dataclass
class K:
    n: ClassVar[int] = 100
    x: int
    _: KW_ONLY
    y: int = 7
    scale: InitVar[int] = 2
    z: int = field(init=False, default=9)
    widths: list = field(init=False)

    def __post_init__(self, scale):
        self.x = self.x * scale
        self.widths = [int(self.y * scale**i) for i in range(3)]


class M(nn.Module):
    def __init__(self):
        super().__init__()
        s = Sub(10, 20, 30)
        k = K({call})
        self.a = nn.Linear(s.a, s.b)
        self.b = nn.Linear(s.b, s.c)
        self.c = nn.Linear(k.x, k.y)
        self.d = nn.Linear(k.y, k.n)
        self.e = nn.Linear(k.z, 2)
        self.f = nn.ModuleList(nn.Linear(w, 1) for w in k.widths)
"""


@pytest.mark.parametrize("call", ["11, scale=3", "11", "x=5, y=2, scale=1"])
def test_dataclass_init_parameters(tmp_path, call: str) -> None:
    check_count_matches_torch(tmp_path, DATACLASS_INIT.format(call=call))


def test_dataclass_field_init_not_known(tmp_path) -> None:
    code = """
import random
from dataclasses import dataclass, field
import torch.nn as nn

FLAG = random.random() > 0.5


@dataclass
class C:
    a: int = field(init=FLAG, default=4)
    b: int = 6


class M(nn.Module):
    def __init__(self):
        super().__init__()
        c = C(8)
        self.lin = nn.Linear(c.b, 3)
"""
    check_honest_unknown(tmp_path, code)


# ``contextlib.suppress`` (interp/statements.py ``exec_with``) swallows what its ``__exit__``
# returns true for; a torch layer whose arguments the catalogue refuses, built inside a ``try``
# or a ``suppress``, is built by torch's own ``__init__`` (library/machine.py ``torch_layer``),
# so that it raises as torch does and the handler skips it


def test_suppress_swallows_subclasses_only() -> None:
    import contextlib

    with contextlib.suppress(LookupError):
        raise KeyError("k")
    with pytest.raises(ValueError), contextlib.suppress(TypeError):
        raise ValueError("v")


GUARDED_CONVS = """
import contextlib
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.convs = nn.ModuleList()
        for groups in (1, 3, 4, 5, 8):
            {guard}
                self.convs.append(nn.Conv2d(24, 40, 3, padding=1, groups=groups))
            {handler}
"""


@pytest.mark.parametrize(
    "guard, handler",
    [
        ("with contextlib.suppress(ValueError):", ""),
        ("with contextlib.suppress(KeyError, Exception):", ""),
        ("try:", "except ValueError:\n                self.convs.append(nn.Linear(groups, 2))"),
    ],
)
def test_guarded_layer_torch_refuses(tmp_path, guard: str, handler: str) -> None:
    check_count_matches_torch(tmp_path, GUARDED_CONVS.format(guard=guard, handler=handler))


def test_suppress_of_another_exception_raises(tmp_path) -> None:
    """torch's ValueError goes through ``suppress(TypeError)``: building M raises, as in torch."""
    code = GUARDED_CONVS.format(guard="with contextlib.suppress(TypeError):", handler="")
    path = write_sized(tmp_path, code)
    with pytest.raises(ValueError):
        torch_count(path)
    with pytest.raises(DriftcheckError, match="ValueError"):
        parse_source(path, entry="M")


# ``sorted`` of instances of a source class with its own ``__lt__`` (library/python.py): Python's
# sort asks ``a < b`` only, answered by interpreting ``a.__lt__(b)``


def test_sorted_asks_lt_only() -> None:
    import functools

    asked: list[str] = []

    @functools.total_ordering
    class S:
        def __init__(self, w: int) -> None:
            self.w = w

        def __eq__(self, o: object) -> bool:
            asked.append("eq")
            return self.w == o.w  # type: ignore[attr-defined]

        def __lt__(self, o: S) -> bool:
            asked.append("lt")
            return self.w > o.w

    got = [s.w for s in sorted([S(3), S(9), S(1)], reverse=True)]
    assert got == [1, 3, 9] and set(asked) == {"lt"}


SORTED_SPECS = """
import functools
import torch.nn as nn


@functools.total_ordering
class Spec:
    def __init__(self, width, stage):
        self.width = width
        self.stage = stage

    def __eq__(self, other):
        return (self.stage, self.width) == (other.stage, other.width)

    def __lt__(self, other):
        {lt}


class M(nn.Module):
    def __init__(self):
        super().__init__()
        specs = [Spec(32, 2), Spec(96, 1), Spec(64, 1), Spec(16, 3), Spec(48, 2), Spec(8, 1)]
        mods, prev = [], 10
        for s in sorted(specs{rev}):
            mods += [nn.Linear(prev, s.width), nn.Tanh()]
            prev = s.width
        self.net = nn.Sequential(*mods)
"""


@pytest.mark.parametrize("rev", ["", ", reverse=True"])
@pytest.mark.parametrize(
    "lt",
    [
        "return (self.stage, -self.width) < (other.stage, -other.width)",
        "return self.width < other.width",
        "return False",  # all equal: the stable order is the written one
    ],
)
def test_sorted_by_own_lt(tmp_path, lt: str, rev: str) -> None:
    check_count_matches_torch(tmp_path, SORTED_SPECS.format(lt=lt, rev=rev))


def test_sorted_by_lt_not_known(tmp_path) -> None:
    code = SORTED_SPECS.format(lt="return NotImplemented", rev="")
    check_honest_unknown(tmp_path, code)


# a base written as a call whose value has ``__mro_entries__`` (interp/objmodel.py
# ``resolve_bases``): the class statement subclasses what that method returns

MRO_ENTRIES = """
import torch.nn as nn


class WithStem:
    def __init__(self, c_in, c_out):
        self.c_in, self.c_out = c_in, c_out

    def __mro_entries__(self, bases):
        c_in, c_out = self.c_in, self.c_out

        class StemBase(nn.Module):
            def __init__(self):
                super().__init__()
                self.stem = nn.Conv2d(c_in, c_out, 7, stride=2, padding=3)
                self.n_bases = len(bases)

        return {ret}


class Mixin:
    width = 6


class M(WithStem(3, 32), Mixin):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(32 * self.n_bases, self.width)
"""


@pytest.mark.parametrize("ret", ["(StemBase,)", "(StemBase, Mixin) if False else (StemBase,)"])
def test_mro_entries_base(tmp_path, ret: str) -> None:
    check_count_matches_torch(tmp_path, MRO_ENTRIES.format(ret=ret))


def test_mro_entries_result_not_known(tmp_path) -> None:
    code = MRO_ENTRIES.replace("        return {ret}", "        return tuple(globals()['X'])")
    check_honest_unknown(tmp_path, code)


# ``hasattr`` / ``getattr(cls, name, default)`` on a torch.nn class itself (interp/leafhas.py
# ``torch_class_object_has``): the names its class bodies bind, nn.Module's and ``type``'s


@pytest.mark.parametrize("cls", ["ReLU", "Linear", "Conv2d", "TransformerEncoderLayer"])
@pytest.mark.parametrize(
    "name", ["synonyms", "forward", "mro", "in_features", "training", "reset_parameters", "T"]
)
def test_torch_class_object_hasattr(tmp_path, cls: str, name: str) -> None:
    code = f"""
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        k = 2 if hasattr(nn.{cls}, "{name}") else 3
        self.fc = nn.Linear(k, getattr(nn.{cls}, "{name}", None) is None and 4 or 5)
"""
    check_count_matches_torch(tmp_path, code)


# a dict an object makes in ``__init__``, which a package's top-level calls fill
# (interp/attrregistry.py): a call on another module global made by its own constructor call
# (``acts = Resolver(...)``; ``acts.add(nn.Tanh)``) fills that object's dict, not a new one's

RESOLVER_PKG = {
    "reg/__init__.py": "from .base import Resolver  # noqa: F401\n",
    "reg/base.py": """
class Resolver:
    def __init__(self, items=None):
        self.lookup = {}
        for x in items or []:
            self.add(x)

    def add(self, x):
        self.lookup[x.__name__.lower()] = x
""",
    "reg/contrib.py": """
import torch.nn as nn

from .base import Resolver

acts = Resolver([nn.ReLU])
acts.add(nn.Tanh)
""",
}


SINGLETON = """
    _one = None

    def __new__(cls, items=None):
        global _one
        if _one is None:
            _one = super().__new__(cls)
        return _one
"""


@pytest.mark.parametrize(
    "use, known, variant",
    [
        ("Resolver([nn.GELU, nn.SiLU, nn.ReLU])", True, ""),
        ("contrib.acts", False, ""),  # the global those calls fill: not followed (unknown)
        ("Resolver.make([nn.GELU, nn.SiLU])", True, "make"),
        ("Resolver([nn.GELU, nn.SiLU])", False, "singleton"),  # one object: filled at import
    ],
)
def test_registry_of_another_global(tmp_path, use: str, known: bool, variant: str) -> None:
    pkg = dict(RESOLVER_PKG)
    if variant == "make":
        pkg["reg/base.py"] += (
            "\n    @classmethod\n    def make(cls, items):\n        return cls(items)\n"
        )
        pkg["reg/contrib.py"] = pkg["reg/contrib.py"].replace(
            "Resolver([nn.ReLU])", "Resolver.make([nn.ReLU])"
        )
    if variant == "singleton":
        pkg["reg/base.py"] = pkg["reg/base.py"].replace(
            "class Resolver:\n", "_one = None\n\n\nclass Resolver:" + SINGLETON
        )
        pkg["reg/contrib.py"] = pkg["reg/contrib.py"].replace(
            "acts.add(nn.Tanh)", "for a in [nn.Tanh]:\n    acts.add(a)"
        )
    for name, text in pkg.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    path = tmp_path / "model.py"
    path.write_text(
        f"""
import torch.nn as nn

from reg import Resolver, contrib

r = {use}
model = nn.Linear(len(r.lookup), 1 + ("relu" in r.lookup))
"""
    )
    want = torch_count(path, root="model", sys_path=tmp_path)
    got = parse_source(path).params_total()
    assert got == (want if known else None), got


def test_module_class_members_are_torchs() -> None:
    """Asked of a fresh interpreter: a transformers model built by an earlier test in the same
    process adds ``smart_apply`` to ``nn.Module`` (modeling_utils), which torch itself has not
    (CI failed on that pollution once)."""
    import subprocess
    import sys

    pytest.importorskip("torch")
    code = (
        "import torch.nn as nn\n"
        "from driftcheck.parsers.source.interp.leafhas import MODULE_INSTANCE_ONLY\n"
        "from driftcheck.parsers.source.interp.objmodel import NN_MODULE_MEMBERS\n"
        "on_class = {n for n in vars(nn.Module) if not (n.startswith('__') and n.endswith('__'))}\n"
        "assert NN_MODULE_MEMBERS - MODULE_INSTANCE_ONLY == on_class, "
        "sorted(on_class ^ (NN_MODULE_MEMBERS - MODULE_INSTANCE_ONLY))\n"
        "assert MODULE_INSTANCE_ONLY <= set(vars(nn.Module()))\n"
    )
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr[-2000:]


# ``copy.deepcopy`` of a module whose class (read from source) defines ``__setstate__``
# (interp/copyhooks.py ``setstate_keeps``): CPython calls it on the copy with the copied
# ``__dict__``; one that changes nothing keeps the default copy, any other stays unresolved

SETSTATE = """
import copy
import torch.nn as nn


class Block(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.proj = nn.Linear(d, d)
        self.act = nn.GELU()
        self.scale = 2

    def __setstate__(self, state):
        {body}


class M(nn.Module):
    def __init__(self):
        super().__init__()
        b = Block(6)
        self.blocks = nn.ModuleList([b] + [copy.deepcopy(b) for _ in range(2)])
        self.head = nn.Linear(6 * self.blocks[1].scale, 3)
"""


@pytest.mark.parametrize(
    "body",
    [
        "super().__setstate__(state)\n"
        "        if not hasattr(self, 'act'):\n"
        "            self.act = nn.ReLU()",
        "if 'scale' not in state:\n"
        "            state['scale'] = 1\n"
        "        super().__setstate__(state)",
        # ``act`` is a child (in ``_modules``, not the state): the GELU put into ``__dict__``
        # shadows it, built alike and weightless, so nothing the count or forward reads changes
        "if 'act' not in state:\n"
        "            state['act'] = nn.GELU()\n"
        "        super().__setstate__(state)",
    ],
)
def test_deepcopy_setstate_that_changes_nothing(tmp_path, body: str) -> None:
    check_count_matches_torch(tmp_path, SETSTATE.format(body=body))


@pytest.mark.parametrize(
    "body",
    [
        "state['scale'] = 5\n        super().__setstate__(state)",
        "super().__setstate__(state)\n        self.extra = nn.Linear(4, 4)",
        "super().__setstate__({})",
        "state['act'] = nn.GELU(approximate='tanh')\n        super().__setstate__(state)",
        "state['act'] = nn.Linear(6, 6)\n        super().__setstate__(state)",
        "del state['scale']\n        super().__setstate__(state)",
    ],
)
def test_deepcopy_setstate_that_changes_is_unknown(tmp_path, body: str) -> None:
    check_honest_unknown(tmp_path, SETSTATE.format(body=body))


def test_torch_transformer_clones(tmp_path) -> None:
    code = """
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        layer = nn.TransformerEncoderLayer(16, 2, dim_feedforward=24, batch_first=True)
        self.enc = nn.TransformerEncoder(layer, 3, enable_nested_tensor=False)
        dec = nn.TransformerDecoderLayer(16, 4, dim_feedforward=20)
        self.dec = nn.TransformerDecoder(dec, 2)
"""
    check_count_matches_torch(tmp_path, code)


# ``@dataclass`` never overwrites an ``__init__`` the class defines, nor writes one with
# ``init=False`` (library/wildlib.py ``dataclass_keeps_init``): that ``__init__`` runs (or a
# base's, a parent dataclass's generated one included), and no ``__post_init__``

OWN_INIT = """
from dataclasses import dataclass
import torch.nn as nn


@dataclass
class P:
    a: int = 4


@dataclass
class A:
    x: int

    def __init__(self, y):
        self.x = y * 2

    def __post_init__(self):
        self.x = 1


@dataclass(init=False)
class B(P):
    b: int = 3


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(A(3).x, B(7).a + B().b)
"""


def test_dataclass_own_init_kept(tmp_path) -> None:
    check_count_matches_torch(tmp_path, OWN_INIT)
