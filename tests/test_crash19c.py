"""Forward-crash rules of session 19c (fresh9's dev misses: ``forward/dataflow_bounds.py``,
``dataflow_linalg.multi_dot``, the conv bias and ``view_as_real`` checks) against real torch.

Each model below is small and written here (not a corpus case). It is built and run in torch
on the input given, and ``driftcheck check --input-shape`` must report a blocker exactly when
torch raised. Every rule family (the name's first word) has a crashing model and a clean twin
that differs only in the defect (several twins are torch's own edge: ``randint(0, 1)``,
``uniform_(a, a)``, ``scatter_reduce("max")``, ``label_smoothing=1.0``, a negative one).
"""

from __future__ import annotations

import pytest

from tests.crash_rule_support import (
    check_blocker_iff_crash,
    check_both_sides,
    check_silent_without_shape,
    net_source,
    registrar,
)

HEAD = "import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n\n"

# name -> (source of class Net, input shape, "tokens" or "float")
MODELS: dict[str, tuple[str, tuple[int, ...], str]] = {}


model = registrar(MODELS)


def expr(name: str, shape: tuple[int, ...], body: str, init: str = "") -> None:
    """A model whose forward is ``h = self.fc(x)`` then ``body`` (which returns)."""
    model(name, shape, net_source(("self.fc = nn.Linear(8, 8)",), body, init))


# ---- argument bounds (values known: literals, attributes, ints from the input's size)
expr(
    "randint_window",
    (2, 8),
    "i = int(torch.randint(0, h.shape[-1] - 9 + 1, (1,)))\n        return h[:, i:]",
)
expr(
    "randint_fits",
    (2, 8),
    "i = int(torch.randint(0, h.shape[-1] - 8 + 1, (1,)))\n        return h[:, i:]",
)
expr("randint_high_only", (2, 8), "return h + torch.randint(0, (2, 8))")
expr("uniform_swapped", (2, 8), "return h * torch.empty(2, 1).uniform_(0.7, 0.3)")
expr("uniform_equal", (2, 8), "return h * torch.empty(2, 1).uniform_(0.5, 0.5)")
expr("normal_negative", (2, 8), "return h + torch.normal(0.0, -0.1, size=(2, 8))")
expr("normal_zero", (2, 8), "return h + torch.normal(0.0, 0.0, size=(2, 8))")
expr("normal_inplace", (2, 8), "return h + torch.empty(2, 8).normal_(0.0, -1.0)")
expr("linspace_negative", (2, 8), "return h[:, :1] * torch.linspace(0.0, 1.0, steps=-2).sum()")
expr("linspace_zero", (2, 8), "return h[:, :1] * torch.linspace(0.0, 1.0, steps=0).sum()")
expr("gelu_true", (2, 8), 'return F.gelu(h, approximate="true")')
expr("gelu_tanh", (2, 8), 'return F.gelu(h, approximate="tanh")')
expr("gelu_module", (2, 8), "return self.act(h)", init='self.act = nn.GELU(approximate="exact")')
expr("hardtanh_swapped", (2, 8), "return F.hardtanh(h, 1.0, -1.0)")
expr("hardtanh_equal", (2, 8), "return F.hardtanh(h, 0.5, 0.5)")
expr("hardtanh_module", (2, 8), "return self.act(h)", init="self.act = nn.Hardtanh(0.0, 1.0)")
_SCATTER = 'return torch.zeros(3, 8).scatter_reduce(0, torch.zeros(2, 8, dtype=torch.long), h, reduce="{r}")'
expr("scatter_add", (2, 8), _SCATTER.format(r="add"))
expr("scatter_max", (2, 8), _SCATTER.format(r="max"))
expr("scatter_amin", (2, 8), _SCATTER.format(r="amin"))
_CE = "return F.cross_entropy(h, torch.zeros(2, dtype=torch.long), label_smoothing={eps})"
expr("smoothing_percent", (2, 8), _CE.format(eps=10))
expr("smoothing_one", (2, 8), _CE.format(eps=1.0))
expr("smoothing_negative", (2, 8), _CE.format(eps=-0.5))
expr(
    "smoothing_module",
    (2, 8),
    "return self.crit(h, torch.zeros(2, dtype=torch.long))",
    init="self.crit = nn.CrossEntropyLoss(label_smoothing=1.5)",
)
_UP = "self.up = nn.Upsample(scale_factor=2, mode={mode!r}, align_corners={ac})"
expr(
    "upsample_nearest_ac",
    (2, 8),
    "return self.up(h.view(2, 2, 2, 2))",
    init=_UP.format(mode="nearest", ac=False),
)
expr(
    "upsample_nearest",
    (2, 8),
    "return self.up(h.view(2, 2, 2, 2))",
    init=_UP.format(mode="nearest", ac=None),
)
expr(
    "upsample_bilinear",
    (2, 8),
    "return self.up(h.view(2, 2, 2, 2))",
    init=_UP.format(mode="bilinear", ac=True),
)

# ---- argument shapes
expr("combinations_2d", (2, 8), "return torch.combinations(torch.arange(8).expand(2, 8), r=2)")
expr("combinations_1d", (2, 8), "return h[:, torch.combinations(torch.arange(8), r=2)[:, 0]]")
expr(
    "cartesian_2d",
    (2, 8),
    "return torch.cartesian_prod(torch.arange(4), torch.arange(4).view(2, 2))",
)
expr(
    "cartesian_1d",
    (2, 8),
    "return h[:, torch.cartesian_prod(torch.arange(4), torch.arange(2))[:, 0]]",
)
_BD = "self.blocks = nn.Parameter(torch.randn(2, 4, 4))"
expr("blockdiag_3d", (2, 8), "return h @ torch.block_diag(self.blocks)", init=_BD)
expr("blockdiag_star", (2, 8), "return h @ torch.block_diag(*self.blocks)", init=_BD)
expr(
    "channelslast_3d",
    (2, 8),
    "return h.view(2, 2, 4).contiguous(memory_format=torch.channels_last)",
)
expr("channelslast_4d", (2, 8), "return h.view(2, 2, 2, 2).to(memory_format=torch.channels_last)")
expr("diff_rank", (2, 8), "return torch.diff(h, dim=-1, prepend=h[:, 0])")
expr("diff_size", (2, 8), "return torch.diff(h, dim=-1, prepend=h[:1, :1])")
expr("diff_ok", (2, 8), "return torch.diff(h, dim=-1, prepend=h[:, :1])")
_BN = "self.register_buffer('rm', torch.zeros({n}))\n        self.register_buffer('rv', torch.ones(8))"
_BNF = "return F.batch_norm(h, self.rm, self.rv, training=False)"
expr("batchnorm_stats", (2, 8), _BNF, init=_BN.format(n=4))
expr("batchnorm_ok", (2, 8), _BNF, init=_BN.format(n=8))
_LN = "self.w = nn.Parameter(torch.ones({n}))"
expr("layernorm_weight", (2, 8), "return F.layer_norm(h, (8,), self.w)", init=_LN.format(n=4))
expr("layernorm_ok", (2, 8), "return F.layer_norm(h, (8,), self.w)", init=_LN.format(n=8))
_CB = "self.w = nn.Parameter(torch.randn(4, 2, 3, 3))\n        self.b = nn.Parameter(torch.zeros({n}))"
_CBF = "return F.conv2d(h.view(2, 2, 2, 2), self.w, self.b, padding=1)"
expr("convbias_size", (2, 8), _CBF, init=_CB.format(n=2))
expr("convbias_ok", (2, 8), _CBF, init=_CB.format(n=4))
_MD = "self.a = nn.Parameter(torch.randn(8, 4))\n        self.b = nn.Parameter(torch.randn({r}, 8))"
expr(
    "multidot_chain",
    (2, 8),
    "return torch.linalg.multi_dot([h, self.a, self.b])",
    init=_MD.format(r=6),
)
expr(
    "multidot_ok",
    (2, 8),
    "return torch.linalg.multi_dot([h, self.a, self.b])",
    init=_MD.format(r=4),
)
expr("viewreal_irfft", (2, 8), "return torch.view_as_real(torch.fft.irfft(torch.fft.rfft(h), n=8))")
expr("viewreal_rfft", (2, 8), "return torch.view_as_real(torch.fft.rfft(h))")
expr("viewreal_float", (2, 8), "return torch.view_as_real(torch.fft.rfft(h).float())")


@pytest.mark.parametrize("name", sorted(MODELS))
def test_blocker_iff_torch_crashes(name, tmp_path, capsys):
    check_blocker_iff_crash(MODELS, HEAD, name, tmp_path, capsys)


def test_every_rule_has_both_sides(tmp_path):
    check_both_sides(MODELS, HEAD, tmp_path)


def test_size_free_without_input_shape(tmp_path, capsys):
    check_silent_without_shape(
        MODELS, HEAD, ("randint_window", "combinations_2d", "multidot_chain"), tmp_path, capsys
    )
