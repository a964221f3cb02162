"""A dtype read from a tensor (session 32, crashfix32): ``t.dtype`` of a tensor whose dtype
the pass is sure of (``dataflow_fix32.dtype_attr``) is read by the rules that take a dtype
(``x.to(y.dtype)``, ``torch.zeros(..., dtype=x.dtype)``, ``torch.iinfo(x.dtype)``), and a
layout-only cast (``contiguous(memory_format=...)``, ``to(memory_format=...)``) keeps the
exact dtype. Comparisons of dtypes stay unknown (torch's dtypes are singletons with several
names). Small models run in torch; a blocker exactly when torch raised (train and eval mode).
"""

from __future__ import annotations

import pytest

from driftcheck.parsers.source.forward import dataflow_fix32 as rules
from tests.crash_rule_support import (
    check_blocker_iff_crash,
    check_both_sides,
    check_silent_without_shape,
    net_source,
    registrar,
)

HEAD = "import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n\n"

MODELS: dict[str, tuple[str, tuple[int, ...], str]] = {}
model = registrar(MODELS)
LAYERS = ("self.fc = nn.Linear(8, 8)", "self.d = nn.Linear(8, 8).double()")
CONV = ("self.fc = nn.Conv2d(3, 4, 1)", "self.h = nn.Linear(16, 4).to(torch.bfloat16)")


def fwd(name: str, body: str, layers: tuple[str, ...] = LAYERS, shape=(2, 8)) -> None:
    model(name, shape, net_source(layers, body))


fwd("dtypeof_to_input", "z = self.d(h.double()).to(h.dtype)\n        return self.d(z)")
fwd("dtypeof_to_hidden", "z = self.d(h.double()).to(dtype=h.dtype)\n        return self.d(z)")
fwd("dtypeof_zeros", "b = torch.zeros(2, 8, dtype=h.dtype)\n        return self.d(b)")
fwd("dtypeof_iinfo", "return h.clamp(min=torch.iinfo(h.dtype).min)")
fwd("dtypeof_ok_to_input", "z = self.d(h.double()).to(x.dtype)\n        return self.fc(z)")
fwd("dtypeof_ok_to_double", "z = self.fc(h).to(self.d.weight.dtype)\n        return self.d(z)")
fwd("dtypeof_ok_zeros", "b = torch.zeros(2, 8, dtype=x.dtype)\n        return self.fc(b + h)")
fwd("dtypeof_ok_finfo", "return h.clamp(min=torch.finfo(h.dtype).min)")
fwd("dtypeof_ok_is_branch", "if x.dtype is torch.float32:\n            return h\n"
    "        return self.d(h)")  # fmt: skip
fwd("dtypeof_ok_eq_branch", "if h.dtype == torch.float:\n            return h\n"
    "        return self.d(h)")  # fmt: skip

fwd("layout_contiguous", "h = h.contiguous(memory_format=torch.channels_last)\n"
    "        return self.h(h.flatten(1).view(2, 16))", CONV, (2, 3, 2, 2))  # fmt: skip
fwd("layout_to", "h = h.to(memory_format=torch.channels_last)\n"
    "        return self.h(h.reshape(2, 16))", CONV, (2, 3, 2, 2))  # fmt: skip
fwd("layout_ok_cast", "h = h.contiguous(memory_format=torch.channels_last)\n"
    "        return self.h(h.reshape(2, 16).bfloat16())", CONV, (2, 3, 2, 2))  # fmt: skip


@pytest.mark.parametrize("name", sorted(MODELS))
def test_blocker_iff_torch_crashes(name, tmp_path, capsys):
    check_blocker_iff_crash(MODELS, HEAD, name, tmp_path, capsys)


def test_every_family_has_both_sides(tmp_path):
    check_both_sides(MODELS, HEAD, tmp_path)


def test_silent_without_input_shape(tmp_path, capsys):
    check_silent_without_shape(MODELS, HEAD, ("dtypeof_to_input", "layout_to"), tmp_path, capsys)


def test_dtype_names_are_torchs():
    """The name a ``DtypeOf`` gives is torch's dtype of that name."""
    torch = pytest.importorskip("torch")
    for name in ("float32", "float16", "bfloat16", "float64", "int64", "bool"):
        q = rules.DtypeOf(name).qual
        assert getattr(torch, q.removeprefix("torch.")) == getattr(torch, name)
        assert torch.zeros(1, dtype=getattr(torch, name)).dtype is getattr(torch, name)
