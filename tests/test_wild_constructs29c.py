"""Session 29 (wildfix29c, issue #16): fresh28's dev part -- four confident wrongs, then unknowns.

- ``Parameter.data`` / ``.detach()`` / ``.clone()`` of a layer's weight is a plain tensor: a
  module attribute holding it registers nothing (torch-ks-nf4 keeps its quantized weights so:
  ``self.bias = temp_layer.bias.data``, counted as a parameter before).
- ``del obj[key]`` calls the class's own ``__delitem__`` (it was dropped: the deleted layers
  counted); ``super().__delitem__(i)`` in a container subclass is torch's; ``del d[k]`` with ``k``
  unknown leaves the dict unknown.
- A dict a function fills under a key not known is unknown in the module's globals too (a
  registry read after ``REGISTRY[sys.intern(name)] = w`` was read as empty); ``sys.intern`` of a
  known text is that text (library/purecalls.py).
- A call a function's signature refuses (an unexpected keyword, too many positional arguments)
  raises ``TypeError`` where the innermost ``try`` surely catches it: the ``except TypeError``
  fallback is what Python builds (``nn.Linear(12, 20, gain=2.0)`` read from torch's source).
"""

from __future__ import annotations

import textwrap

import pytest

from driftcheck.parsers.source import parse_source
from tests.model_count_support import torch_count

pytest.importorskip("torch")


def _both(tmp_path, code: str, root: str = "model") -> tuple[int | None, int]:
    path = tmp_path / "model.py"
    path.write_text(textwrap.dedent(code))
    return parse_source(path).params_total(), torch_count(path, root=root)


# ------------------------------------------------------------------ Parameter.data is a Tensor
WEIGHT_COPIES = """
import torch.nn as nn


class Quant(nn.Module):
    def __init__(self, d_in, d_out, bias=True):
        super().__init__()
        tmp = nn.Linear(d_in, d_out, bias=bias)
        self.weight = tmp.weight.data.unsqueeze(0)
        if bias:
            self.bias = tmp.bias{read}
        else:
            self.register_parameter("bias", None)


model = nn.Sequential(Quant(8, 16), nn.GELU(), Quant(16, 8, bias=False), nn.Linear(8, 3))
"""


@pytest.mark.parametrize("read", [".data", ".detach()", ".clone()", ".to(tmp.bias.device)", ""])
def test_weight_data_copies_register_nothing(tmp_path, read) -> None:
    """``.data`` / ``.detach()`` / ``.clone()``: a plain tensor, not registered (0 for
    ``Quant``); ``.to(its device)`` with nothing to convert and the bare weight: the Parameter
    itself, registered as ``bias`` (16 each)."""
    got, want = _both(tmp_path, WEIGHT_COPIES.format(read=read))
    assert got == want, (got, want)


def test_weight_data_shape_still_read(tmp_path) -> None:
    """A parameter made from ``lin.weight.data`` has the weight's shape (a new Parameter)."""
    code = """
    import torch.nn as nn


    class M(nn.Module):
        def __init__(self):
            super().__init__()
            lin = nn.Linear(6, 5)
            self.w = nn.Parameter(lin.weight.data.clone())
            self.b = nn.Parameter(lin.bias.detach())
            self.lin = lin


    model = M()
    """
    got, want = _both(tmp_path, code)
    assert got == want == 70, (got, want)


# ------------------------------------------------------------------ __delitem__
DELITEM = """
import torch.nn as nn


class Plan:
    def __init__(self, entries):
        self.entries = list(entries)

    def __delitem__(self, name):
        idx = [n for n, _ in self.entries].index(name)
        del self.entries[idx : idx + 2]

    def __iter__(self):
        return iter(self.entries)


plan = Plan([("stem", 32), ("a", 48), ("b", 64), ("c", 64), ("head", 10)])
del plan["a"]
prev, layers = 16, []
for _name, width in plan:
    layers.append(nn.Linear(prev, width))
    prev = width
model = nn.Sequential(*layers)
"""


def test_own_delitem_is_called(tmp_path) -> None:
    got, want = _both(tmp_path, DELITEM)
    assert got == want, (got, want)


@pytest.mark.parametrize(
    "body",
    [
        "super().__delitem__(i)\n        super().__delitem__(i)",
        "super().__delitem__(slice(i, i + 2))",
        "del self._modules[str(i)]",
    ],
)
def test_container_subclass_delitem(tmp_path, body) -> None:
    code = f"""
import torch.nn as nn


class Trim(nn.ModuleList):
    def __delitem__(self, i):
        {body}


t = Trim([nn.Linear(2, 2), nn.Linear(2, 3), nn.Linear(3, 3), nn.Linear(3, 5)])
del t[0]
model = t
"""
    got, want = _both(tmp_path, code)
    assert got is None or got == want, (got, want)


def test_dict_subclass_and_direct_delitem(tmp_path) -> None:
    code = """
import torch.nn as nn


class Widths(dict):
    pass


d = Widths(x=3, y=5, z=7)
del d["x"]
blocks = nn.ModuleList([nn.Linear(2, 2), nn.Linear(2, 4), nn.Linear(4, 4)])
blocks.__delitem__(1)
model = nn.ModuleList([*[nn.Linear(v, 1) for v in d.values()], blocks])
"""
    got, want = _both(tmp_path, code)
    assert got == want, (got, want)


def test_del_under_unknown_key_is_unknown(tmp_path) -> None:
    code = """
import os
import torch.nn as nn


def build():
    widths = {"a": 4, "b": 6, "c": 8}
    del widths[os.environ.get("DROP_WIDTH", "b")]
    return nn.ModuleList(nn.Linear(w, 1) for w in widths.values())


model = build()
"""
    got, _ = _both(tmp_path, code)
    assert got is None, got


# ------------------------------------------------------------------ registries, sys.intern
REGISTRY = """
import os
import sys

import torch.nn as nn

REGISTRY = {{}}


def register(name, width):
    REGISTRY[{key}] = width


register("enc" + "oder", 32)
register("dec" + "oder", 16)
wanted = ["".join(["enc", "oder"]), "".join(["dec", "oder"])]
layers = []
for w in wanted:
    key = sys.intern(w)
    hit = [v for k, v in REGISTRY.items() if k is key]
    layers.append(nn.Linear(10, hit[0] if hit else 1))
model = nn.ModuleList(layers)
"""


def test_interned_registry_is_exact(tmp_path) -> None:
    got, want = _both(tmp_path, REGISTRY.format(key="sys.intern(name)"))
    assert got == want == 528, (got, want)


def test_registry_filled_under_an_unknown_key_is_unknown(tmp_path) -> None:
    """A global dict written by a function under a key not known: its items are unknown for
    every later reader (it read as empty: the fallback width counted)."""
    got, _ = _both(tmp_path, REGISTRY.format(key='os.environ.get("REG_PREFIX", "") + name'))
    assert got is None, got


# ------------------------------------------------------------------ except TypeError fallback
FALLBACK = """
import torch.nn as nn


class Block(nn.Module):
    def __init__(self, d, *, act="relu"):
        super().__init__()
        self.fc = nn.Linear(d, d)


def proj(d_in, d_out):
    try:
        return nn.Linear(d_in, d_out, gain=2.0)
    except TypeError:
        return nn.Sequential(nn.Linear(d_in, d_out * 2), nn.GLU())


def norm(d):
    try:
        return nn.LayerNorm(d, elementwise_affine=False)
    except TypeError:
        return nn.BatchNorm1d(d)


def extra_kw(d):
    try:
        return Block(d, gate=True)
    except TypeError:
        return nn.Linear(d, 2 * d)


def extra_pos(d):
    try:
        return Block(d, 3)
    except (ValueError, TypeError):
        return nn.Linear(d, 1)


def accepted(d):
    try:
        return Block(d, act="gelu")
    except TypeError:
        return nn.Linear(d, 7)


model = nn.ModuleList(
    [proj(12, 20), norm(20), proj(20, 4), extra_kw(4), extra_pos(4), accepted(4)]
)
"""


def test_except_typeerror_fallback_is_what_python_builds(tmp_path) -> None:
    got, want = _both(tmp_path, FALLBACK)
    assert got == want, (got, want)


# ------------------------------------------------------------------ unknowns now exact
def test_embedding_from_pretrained_counts_the_frozen_weight(tmp_path) -> None:
    code = """
    import torch
    import torch.nn as nn


    class VB(nn.Module):
        def __init__(self, n_users, features, dim):
            super().__init__()
            self.features = nn.Embedding.from_pretrained(features, freeze=True)
            self.users = nn.Embedding(n_users, dim)
            self.embedding = nn.Embedding(features.size(1), dim)


    model = VB(50, torch.zeros(80, 32), 6)
    """
    got, want = _both(tmp_path, code)
    assert got == want == 80 * 32 + 50 * 6 + 32 * 6, (got, want)


def test_compiled_function_on_a_layer_registers_nothing(tmp_path) -> None:
    code = """
    import torch
    import torch.nn as nn


    def _basis(x, n):
        return x.unsqueeze(-1).repeat(1, 1, n)


    FNS = {True: torch.compile(_basis), False: _basis}


    class KAN(nn.Module):
        def __init__(self, d_in, d_out, compile_basis=True):
            super().__init__()
            self._basis_fn = FNS[compile_basis]
            self.weight = nn.Parameter(torch.empty(d_out, d_in * 4))


    model = nn.Sequential(KAN(6, 16), KAN(16, 1, compile_basis=False))
    """
    got, want = _both(tmp_path, code)
    assert got == want, (got, want)


FORMAT = """
import torch.nn as nn


class Stage:
    def __init__(self, base, mult):
        self.base, self.mult = base, mult

    def __format__(self, spec):
        if spec == "w":
            return str(self.base * self.mult)
        return f"Stage({self.base}x{self.mult})"


stages = [Stage(8, 2), Stage(8, 4)]
widths = [int(x) for x in ",".join(f"{s:w}" for s in stages).split(",")]
widths.append(int(format(Stage(3, 3), "w")))
widths.append(len(f"{stages[0]}"))
model = nn.Sequential(*[nn.Linear(a, b) for a, b in zip([4] + widths, widths)])
"""


def test_own_format_in_fstrings_and_format(tmp_path) -> None:
    got, want = _both(tmp_path, FORMAT)
    assert got == want, (got, want)


def test_format_returning_no_str_is_unknown(tmp_path) -> None:
    code = FORMAT.replace("return str(self.base * self.mult)", "return self.base * self.mult")
    path = tmp_path / "model.py"
    path.write_text(code)
    assert parse_source(path).params_total() is None


MRO = """
import torch.nn as nn


class Base:
    step = 4


class Left(Base):
    step = 8


class Right(Base):
    step = 12


class Join(Left, Right):
    pass


widths = [k.__dict__["step"] for k in Join.mro() if "step" in k.__dict__]
widths.append(len(Join.mro()))
widths.append(Join.mro()[2].step)
model = nn.Sequential(*[nn.Linear(a, b) for a, b in zip([2] + widths, widths)])
"""


def test_class_mro_method_and_object_dict(tmp_path) -> None:
    got, want = _both(tmp_path, MRO)
    assert got == want, (got, want)


TEXTS = """
import re

import torch.nn as nn


class LayerSpec:
    def __init__(self, d_in, d_out):
        self.d_in, self.d_out = d_in, d_out

    def __str__(self):
        return f"Linear -> {self.d_out}"

    def __repr__(self):
        return f"LayerSpec(in={self.d_in * 2})"


class OnlyRepr:
    def __repr__(self):
        return "w=12"


layers = []
for s in [LayerSpec(8, 16), LayerSpec(16, 24)]:
    d_out = int(re.search(r"-> (\\d+)", str(s)).group(1))
    d_in = int(re.search(r"in=(\\d+)", repr(s)).group(1))
    layers.append(nn.Linear(d_in, d_out))
layers.append(nn.Linear(int(str(OnlyRepr())[2:]), len(f"{OnlyRepr()}|{LayerSpec(1, 2)}")))
model = nn.Sequential(*layers)
"""


def test_own_str_and_repr(tmp_path) -> None:
    got, want = _both(tmp_path, TEXTS)
    assert got == want, (got, want)


def test_str_returning_no_str_is_unknown(tmp_path) -> None:
    path = tmp_path / "model.py"
    path.write_text(TEXTS.replace('return f"Linear -> {self.d_out}"', "return self.d_out"))
    assert parse_source(path).params_total() is None
