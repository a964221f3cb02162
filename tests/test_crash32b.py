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

# ``x[m] = ...`` with a bool mask: the source ``x[m]`` is (K, ...), rank known
MASK = "m = h > 0\n        h = h.clone()\n        h[m] = {src}\n        return h"
fwd("masked_put_double", MASK.format(src="h[m].to(torch.float64)"))
fwd("masked_put_half", MASK.format(src="h[m].half() * 2"))
fwd("masked_put_rows", "m = h[:, 0] > 0\n        h = h.clone()\n        h[m] = h[m].double()"
    "\n        return h")  # fmt: skip
fwd("masked_ok_same_dtype", MASK.format(src="h[m] * 2"))
fwd("masked_ok_scalar_double", MASK.format(src="torch.tensor(1.0, dtype=torch.float64)"))
fwd("masked_ok_cast_back", MASK.format(src="h[m].double().float()"))

# an NHWC tensor through elementwise ops keeps its layout: a ``view`` across channels fails
NHWC = ("self.fc = nn.Conv2d(3, 4, 1)",)
NH = "h = h.contiguous(memory_format=torch.channels_last)\n        h = {op}\n        return {ret}"
fwd("nhwc_functional_relu", NH.format(op="F.relu(h)", ret="h.view(2, 16)"), NHWC, (2, 3, 2, 2))
fwd("nhwc_method_sigmoid", NH.format(op="h.sigmoid() * 2", ret="h.view(2, -1)"), NHWC, (2, 3, 2, 2))
fwd("nhwc_torch_tanh", NH.format(op="torch.tanh(h - 1)", ret="h.view(8, 4)"), NHWC, (2, 3, 2, 2))
fwd("nhwc_ok_pixels_merged", NH.format(op="torch.tanh(h - 1)", ret="h.view(2, 4, 4)"), NHWC,
    (2, 3, 2, 2))  # fmt: skip
fwd("nhwc_ok_reshape", NH.format(op="F.gelu(h)", ret="h.reshape(2, 16)"), NHWC, (2, 3, 2, 2))
fwd("nhwc_ok_contiguous", NH.format(op="F.silu(h).contiguous()", ret="h.view(2, 16)"),
    NHWC, (2, 3, 2, 2))  # fmt: skip
fwd("nhwc_ok_one_pixel", NH.format(op="F.relu(h)", ret="h.view(2, 4)"), NHWC, (2, 3, 1, 1))

# einsum of two dtypes: a contraction (a batched matmul) takes one dtype
EIN = ("self.fc = nn.Linear(8, 8)", "self.register_buffer('w', torch.linspace(0, 1, 8, "
       "dtype=torch.float16))")  # fmt: skip
fwd("einsum_half_buffer", 'return torch.einsum("bd,d->b", h, self.w)', EIN)
fwd("einsum_double_pair", 'return torch.einsum("bi,bj->ij", h, h.double())', EIN)
fwd("einsum_list_form", 'return torch.einsum("bd,cd->bc", [h, h.double()])', EIN)
fwd("einsum_ok_outer", 'return torch.einsum("bd,d->bd", h, self.w)', EIN)
fwd("einsum_ok_same", 'return torch.einsum("bd,d->b", h, self.w.float())', EIN)
fwd("einsum_ok_size_one", 'return torch.einsum("bd,bd->d", h[:1], h[:1].double())', EIN)


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


def test_nhwc_keep_is_torchs():
    """Each ``NHWC_KEEP`` op (function, and method where torch has one) and an arithmetic
    operator with a number give an NHWC input's strides back (more than one channel and
    pixel), on several shapes."""
    torch = pytest.importorskip("torch")
    F = torch.nn.functional
    for shape in ((2, 3, 2, 2), (1, 4, 3, 5), (3, 2, 1, 4), (2, 8, 4, 1)):
        x = torch.randn(*shape).contiguous(memory_format=torch.channels_last)
        for name in sorted(rules.NHWC_KEEP):
            fn = getattr(torch, name, None) or getattr(F, name)
            extra = (0.0,) if name == "clamp" else ()
            assert fn(x, *extra).stride() == x.stride(), (name, shape)
            if hasattr(x, name):
                assert getattr(x, name)(*extra).stride() == x.stride(), (name, shape)
        for y in (x * 2, x + 1, x - 1.5, x / 2, 2 * x):
            assert y.stride() == x.stride(), shape


def test_einsum_contraction_is_torchs():
    """``einsum_contracts`` decides torch's refusal of two dtypes on 400 random two-operand
    equations (explicit and implicit output, sizes 1 to 3)."""
    torch = pytest.importorskip("torch")
    import random

    rng = random.Random(32)
    letters = "abcde"
    for _ in range(400):
        a = "".join(rng.sample(letters, rng.randint(1, 3)))
        b = "".join(rng.sample(letters, rng.randint(1, 3)))
        pool = sorted(set(a) | set(b))
        rng.shuffle(pool)
        out = "".join(pool[: rng.randint(0, len(pool))])
        eq = f"{a},{b}" if rng.random() < 0.2 else f"{a},{b}->{out}"
        sizes = {c: rng.randint(1, 3) for c in letters}
        sa, sb = tuple(sizes[c] for c in a), tuple(sizes[c] for c in b)
        x, y = torch.randn(*sa), torch.randn(*sb).to(rng.choice([torch.float16, torch.float64]))
        try:
            torch.einsum(eq, x, y)
            raised = False
        except RuntimeError:
            raised = True
        assert raised is (rules.einsum_contracts(eq, sa, sb) is not None), (eq, sa, sb)
