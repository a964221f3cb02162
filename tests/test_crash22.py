"""Forward-crash rules of session 22 (crashburn22: the burned held-out parts of fresh2..fresh9,
and fresh13's dev leftovers) against real torch.

Each model below is small and written here (not a corpus case). It is built and run in torch
on the input given, and ``driftcheck check --input-shape`` must report a blocker exactly when
torch raised. Every rule family (the name's first word) has a crashing model and a clean twin.
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


def lin(name: str, shape: tuple[int, ...], body: str, init: str = "") -> None:
    """A model whose forward is ``h = self.proj(x)`` (``(2, 5, 24)``) then ``body``."""
    model(
        name,
        shape,
        net_source(("self.proj = nn.Linear(24, 24)", "self.mix = nn.Linear(6, 6)"), body, init),
    )


L = (2, 5, 24)
N = "\n        "  # a new line of forward's body

# ---- ``t.index_add_(dim, index, source)``: source and self agree outside ``dim`` (no
# broadcasting); ``torch.zeros(x.shape)`` has x's shape
_IA = "g = h.reshape(10, 24)" + N + "idx = torch.tensor([0, 1, 2, 3])" + N
lin("indexadd_width", L, _IA + "return torch.zeros(g.shape).index_add_(0, idx, g[:4, :6])")
lin("indexadd_broadcast", L, _IA + "return torch.zeros(g.shape).index_add_(0, idx, g[:4, :1])")
lin(
    "indexadd_ok", L, _IA + "return self.mix(torch.zeros(g.shape).index_add_(0, idx, g[:4])[:, :6])"
)
lin("indexadd_ok_zeros_shape", L, "return self.mix(torch.zeros(h.shape)[..., :6])")
lin("indexadd_zeros_shape", L, "return self.mix(torch.zeros(h.shape))")

# ---- an integer index vector picks one row per item (two int64 tensors added stay int64)
_FLAT = (
    "flat = h.reshape(10, 24)"
    + N
    + "idx = (torch.arange(2).view(-1, 1) * 5 + torch.arange(5)).view(-1)"
    + N
)
lin("intindex_view", L, _FLAT + "return self.mix(flat[idx, :].view(2, 5, -1))")
lin("intindex_view3", L, _FLAT + "return flat[idx].view(3, -1, 24)")
lin("intindex_ok", L, _FLAT + "return self.mix(flat[idx, :].view(2, 5, 4, 6))")

# ---- ``torch.cdist``: one column count, at least 2-D
lin("cdist_columns", L, "return torch.cdist(h, self.mix(h[..., :6]))")
lin("cdist_rank", L, "return torch.cdist(h[0, 0], h[0, 1])")
lin("cdist_ok", L, "return self.mix(h[..., :6]) * torch.cdist(h, h)[..., :1]")

# ---- ``F.conv{n}d``: the weight has n + 2 dimensions
_W = "self.w = nn.Parameter(torch.randn(8, 24 * 3))"
lin("convweight_flat", L, "return F.conv1d(h.transpose(1, 2), self.w)", _W)
lin("convweight_ok", L, "return F.conv1d(h.transpose(1, 2), self.w.view(8, 24, 3))", _W)
lin(
    "convweight_4d",
    L,
    "return F.conv1d(h.transpose(1, 2), self.w.view(8, 24, 3, 1))",
    _W,
)

# ---- ``t.item()`` is a plain number: arithmetic with it keeps the tensor's shape
lin("item_scale", L, "s = -h.mean().item()" + N + "return self.mix(h * (s / 2))")
lin("item_ok_scale", L, "s = -h.mean().item()" + N + "return self.mix(h[..., :6] * (s / 2))")

# ---- ``int(t)`` / ``float(t)`` need a one-element tensor
lin("intcast_vector", L, "return h[:, 0, int(h[:, 0, :3].argmax(-1))]")
lin("intcast_float", L, "return self.mix(h[..., :6]) * float(h[0, :2, :2].sum(-1))")
lin("intcast_ok", L, "return self.mix(h[..., :6]) * float(h[0, 0, :2].sum(-1, keepdim=True))")
lin("intcast_ok_index", L, "return h[:, 0, int(h[0, 0].argmax())]")

# ---- ``torch.stft`` of a real input needs ``return_complex``
_STFT = "spec = torch.stft(x, 64, hop_length=16, window=torch.hann_window(64){rc})"
_STFT_TAIL = N + "return self.head(spec.abs().mean(-1))"
for _n, _rc in (
    ("stft_missing", ""),
    ("stft_none", ", return_complex=None"),
    ("stft_ok", ", return_complex=True"),
):
    model(
        _n,
        (2, 256),
        f"""
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.head = nn.Linear(33, 4)

    def forward(self, x):
        {_STFT.format(rc=_rc) + _STFT_TAIL}
""",
    )

# ---- ``torch.sparse_coo_tensor(indices, values, size)`` has that size
_SP = (
    "src = torch.arange(5)"
    + N
    + "idx = torch.stack([src, (src + 1) % 5])"
    + N
    + "adj = torch.sparse_coo_tensor(idx, torch.ones(5), ({n}, {n}))"
    + N
    + "return torch.sparse.mm(adj, h[0])"
)
lin("sparse_size", L, _SP.format(n=6))
lin("sparse_ok", L, _SP.format(n=5))

# ---- ``AvgPool2d(divisor_override=0)`` raises at forward
for _n, _d in (("avgdiv_zero", 0), ("avgdiv_ok_one", 1), ("avgdiv_ok_none", None)):
    lin(
        _n,
        L,
        "return self.pool(h.view(2, 5, 4, 6))",
        f"self.pool = nn.AvgPool2d(2, divisor_override={_d})",
    )


# ---- a keyword torch does not take (``torch_keywords``, generated from torch's schemas)
for _n, _b in (
    ("keyword_flatten_start", "return self.mix(h.flatten(start=1)[:, :6])"),
    ("keyword_softmax_dims", "return self.mix(F.softmax(h, dims=-1)[..., :6])"),
    ("keyword_interp_scale", "return F.interpolate(h, scale=2)"),
    ("keyword_cat_d", "return torch.cat([h, h], d=-1)"),
    ("keyword_ok_numpy", "return self.mix(torch.cat([h, h], axis=-1).sum(axis=1)[:, :6])"),
    ("keyword_ok_names", "return self.mix(h.flatten(start_dim=1, end_dim=-1).view(2, -1, 6))"),
    ("keyword_ok_pad", "return F.pad(h, pad=(1, 1), mode='constant', value=0.0)"),
):
    lin(_n, L, _b)


# ---- copies of a repeated block with a plain setting of their own (a RealNVP coupling's
# ``flip``) each run their own forward on real sizes
_COUPLING = """
class Coupling(nn.Module):
    def __init__(self, dim, flip):
        super().__init__()
        self.flip = flip
        self.half = dim // 2
        self.net = nn.Sequential(nn.Linear(self.half, 16), nn.ReLU(), nn.Linear(16, dim - self.half))

    def forward(self, x):
        a, b = x.split([self.half, x.shape[1] - self.half], 1)
        if self.flip:
            a, b = b, a
        b = b + self.net(a)
        return torch.cat([b, a] if self.flip else [a, b], 1)


class Net(nn.Module):
    def __init__(self, dim={dim}):
        super().__init__()
        self.layers = nn.ModuleList([Coupling(dim, i % 2 == 1) for i in range(4)])

    def forward(self, x):
        for layer in self.layers:
            x = layer(x)
        return x
"""
model("copystate_odd", (3, 7), _COUPLING.format(dim=7))
model("copystate_ok_even", (3, 8), _COUPLING.format(dim=8))

# ---- ``import math`` inside forward: ``math.exp(t)`` is math's (a one-element tensor only)
for _n, _b in (
    (
        "localimport_math",
        "import math\n        return self.mix(h[..., :6] * math.exp(h[0, 0, :2]))",
    ),
    ("localimport_ok", "import math\n        return self.mix(h[..., :6] * math.exp(h[0, 0, :1]))"),
    ("localimport_from", "from math import log\n        return h * log(h[0, :2, 0].abs())"),
):
    lin(_n, L, _b)


# ---- ``torch.bernoulli`` of a tensor filled with one float outside [0, 1]
for _n, _v in (
    ("bernfill_percent", "100.0"),
    ("bernfill_ok_half", "0.5"),
    ("bernfill_neg", "-0.1"),
):
    lin(_n, L, f"return self.mix(h[..., :6]) * torch.bernoulli(torch.full((2, 5, 1), {_v}))")


for _n, _d in (("avgdiv_functional", 0), ("avgdiv_ok_functional", 2)):
    lin(_n, L, f"return F.avg_pool2d(h.view(2, 5, 4, 6), 2, divisor_override={_d})")


@pytest.mark.parametrize("name", sorted(MODELS))
def test_blocker_iff_torch_crashes(name, tmp_path, capsys):
    check_blocker_iff_crash(MODELS, HEAD, name, tmp_path, capsys)


def test_every_rule_has_both_sides(tmp_path):
    check_both_sides(MODELS, HEAD, tmp_path)


def test_size_free_without_input_shape(tmp_path, capsys):
    names = ("indexadd_width", "cdist_columns", "item_scale", "intcast_vector", "sparse_size")
    check_silent_without_shape(MODELS, HEAD, names, tmp_path, capsys)


def test_keyword_table_matches_torch():
    """The checked-in table is what ``tools/gen_torch_keywords.py`` makes of this torch."""
    pytest.importorskip("torch")
    import importlib.util
    from pathlib import Path

    tool = Path(__file__).resolve().parents[1] / "tools" / "gen_torch_keywords.py"
    spec = importlib.util.spec_from_file_location("gen_torch_keywords", tool)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    assert mod.OUT.read_text() == mod.render()
