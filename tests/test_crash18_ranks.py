"""Forward-crash rules of session 18 (``forward/dataflow_ranks.py``) against real torch.

Each model below is small and written here (not a corpus case). It is built and run in torch
on the input given, and ``driftcheck check --input-shape`` must report a blocker exactly when
torch raised. Every rule family (the name's first word) has a crashing model and a clean twin
that differs only in the defect, so a rule that flags everything or nothing fails.
"""

from __future__ import annotations

import pytest

from tests.crash_rule_support import (
    check_blocker_iff_crash,
    check_both_sides,
    check_silent_without_shape,
    registrar,
)

HEAD = "import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n\n"

# name -> (source of class Net, input shape, "tokens" or "float")
MODELS: dict[str, tuple[str, tuple[int, ...], str]] = {}


model = registrar(MODELS, kind_first=True)


# ---- ConvTranspose2d(x, output_size=s): s within [m, m + stride - 1] of the size m it gives
_CONVT = """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.down = nn.Conv2d(3, 4, 3, stride=2, padding=1)
        self.up = nn.ConvTranspose2d(4, 3, 3, stride=2, padding=1)
        self.head = nn.Conv2d(6, 2, 1)

    def forward(self, x):
        u = self.up(self.down(x), output_size={size})
        return self.head(torch.cat([u, x], 1))
"""
model("convt_odd_skip", (2, 3, 9, 9), src=_CONVT.format(size="x.shape[-2:]"))
# 10 -> 5 -> 9 by default: output_size 10 is the output padding of 1 torch allows
model("convt_even_skip", (2, 3, 10, 10), src=_CONVT.format(size="x.size()"))
model("convt_too_big", (2, 3, 8, 8), src=_CONVT.format(size="(2 * x.shape[-1], 2 * x.shape[-1])"))

# ---- tril / triu need 2 dims; outer two 1-D tensors; mm two matrices
_RANK = """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(6, 6)

    def forward(self, x):
        T = x.shape[1]
        h = self.fc(x)
        {body}
"""
model("tril_matrix", (2, 6, 6), src=_RANK.format(body="return h * torch.tril(torch.ones(T, T))"))
model("tril_vector", (2, 6, 6), src=_RANK.format(body="return h * torch.ones(T).triu()"))
model(
    "outer_vectors",
    (2, 6, 6),
    src=_RANK.format(body="return h + torch.outer(torch.arange(T).float(), torch.ones(6))"),
)
model("outer_matrix", (2, 6, 6), src=_RANK.format(body="return torch.outer(h[0], torch.ones(6))"))
model("mm_matrices", (2, 6, 6), src=_RANK.format(body="return torch.mm(h[0], h[1])"))
model("mm_batched", (2, 6, 6), src=_RANK.format(body="return torch.mm(torch.eye(T), h)"))
model("diag_vector", (2, 6, 6), src=_RANK.format(body="return torch.diag(h[0, 0]) @ h"))
model("diag_of_matrix", (2, 6, 6), src=_RANK.format(body="return torch.diag(h.sum(-1)) @ h"))

# ---- F.dropout's p in [0, 1]; F.interpolate's mode and the input's rank
_DROP = """
class Net(nn.Module):
    def __init__(self, p={p}, mode="{mode}"):
        super().__init__()
        self.p, self.mode = p, mode
        self.conv = nn.Conv1d(4, 4, 3, padding=1)

    def forward(self, x):
        h = F.dropout(self.conv(x), p=self.p, training=self.training)
        return F.interpolate(h, scale_factor=2, mode=self.mode)
"""
model("dropout_fraction", (2, 4, 8), src=_DROP.format(p=0.1, mode="linear"))
model("dropout_percent", (2, 4, 8), src=_DROP.format(p=10, mode="linear"))
model("interp_bilinear_3d", (2, 4, 8), src=_DROP.format(p=0.1, mode="bilinear"))
model("interp_nearest_3d", (2, 4, 8), src=_DROP.format(p=0.1, mode="nearest"))

# ---- cross products on an axis of 3 (torch.roll keeps the shape on the way)
_CROSS = """
class Net(nn.Module):
    def __init__(self, nc={nc}):
        super().__init__()
        self.nc = nc
        self.out = nn.Linear(3, 1)

    def forward(self, x):
        pos = x[..., : self.nc]
        e = pos.roll(1, dims=1) - pos
        return self.out(torch.cross(pos, e, dim=-1))
"""
model("cross_three", (2, 5, 4), src=_CROSS.format(nc=3))
model("cross_planar", (2, 5, 4), src=_CROSS.format(nc=2))

# ---- in-place ops write into their left side: the broadcast must be its own shape
_INPLACE = """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 4, 3, padding=1)
        self.emb = nn.Linear(3, 4)

    def forward(self, x):
        h = self.conv(x)
        e = self.emb(x.mean((2, 3)))[:, :, None, None]
        {body}
"""
model("inplace_into_map", (2, 3, 6, 6), src=_INPLACE.format(body="h += e\n        return h"))
model("inplace_into_emb", (2, 3, 6, 6), src=_INPLACE.format(body="e += h\n        return e"))
model("inplace_add_method", (2, 3, 6, 6), src=_INPLACE.format(body="return e.add_(h)"))
model("inplace_method_ok", (2, 3, 6, 6), src=_INPLACE.format(body="return h.mul_(e)"))

# ---- sizes: a true division in view; a chunk count of 0
_VIEW = """
class Net(nn.Module):
    def __init__(self, heads=4, chunk={chunk}):
        super().__init__()
        self.heads, self.chunk = heads, chunk
        self.fc = nn.Linear(8, 8)

    def forward(self, x):
        B, T, C = x.shape
        n = T // self.chunk
        size = T // n
        h = self.fc(x[:, : n * size]).view(B, n * size, self.heads, {hd})
        return h.sum(-1)
"""
model("view_floor_div", (2, 6, 8), src=_VIEW.format(chunk=2, hd="C // self.heads"))
model("view_true_div", (2, 6, 8), src=_VIEW.format(chunk=2, hd="C / self.heads"))
model("view_zero_chunks", (2, 6, 8), src=_VIEW.format(chunk=8, hd="C // self.heads"))

# ---- scalars: item() of one element; torch.tensor of tensors; masked_fill's value
_SCALAR = """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 8)
        self.token = nn.Parameter(torch.zeros({token}))

    def forward(self, x):
        h = self.fc(x)
        s = h.mean({dims}).item()
        g = torch.tensor([t.mean({gdims}) for t in (h, x)])
        mask = h[..., :1] > 0
        return h.masked_fill(mask, self.token) * s * g.sum()
"""
model("scalar_ok", (2, 3, 8), src=_SCALAR.format(token="()", dims="", gdims=""))
model("scalar_item_rows", (2, 3, 8), src=_SCALAR.format(token="()", dims="(1, 2)", gdims=""))
model("scalar_tensor_rows", (2, 3, 8), src=_SCALAR.format(token="()", dims="", gdims="-1"))
model("scalar_token_vector", (2, 3, 8), src=_SCALAR.format(token="8", dims="", gdims=""))

# ---- baddbmm: the bias expands (one way) to the batched product
_BADDBMM = """
class Net(nn.Module):
    def __init__(self, heads=2):
        super().__init__()
        self.heads = heads
        self.qk = nn.Linear(8, 8)

    def forward(self, x):
        B, T, C = x.shape
        q = self.qk(x).view(B, T, self.heads, C // self.heads).transpose(1, 2)
        q = q.reshape(B * self.heads, T, C // self.heads)
        bias = torch.arange(T).float()[None, None, :].expand({rows}, 1, T)
        return torch.baddbmm(bias, q, q.transpose(1, 2))
"""
model("baddbmm_per_row", (2, 5, 8), src=_BADDBMM.format(rows="B * self.heads"))
model("baddbmm_shared", (2, 5, 8), src=_BADDBMM.format(rows="1"))
model("baddbmm_per_head", (2, 5, 8), src=_BADDBMM.format(rows="self.heads"))

# ---- F.glu halves its axis: the next layer gets half the width
_GLU = """
class Net(nn.Module):
    def __init__(self, d=8, dw={dw}):
        super().__init__()
        self.pw = nn.Conv1d(d, 2 * d, 1)
        self.dw = nn.Conv1d(dw, dw, 3, padding=1, groups=dw)

    def forward(self, x):
        return self.dw(F.glu(self.pw(x), dim=1))
"""
model("glu_half_width", (2, 8, 10), src=_GLU.format(dw=8))
model("glu_full_width", (2, 8, 10), src=_GLU.format(dw=16))


@pytest.mark.parametrize("name", sorted(MODELS))
def test_blocker_iff_torch_crashes(name, tmp_path, capsys):
    check_blocker_iff_crash(MODELS, HEAD, name, tmp_path, capsys)


def test_every_rule_has_both_sides(tmp_path):
    check_both_sides(MODELS, HEAD, tmp_path)


def test_size_free_without_input_shape(tmp_path, capsys):
    check_silent_without_shape(
        MODELS,
        HEAD,
        ("convt_too_big", "tril_vector", "dropout_percent", "inplace_into_emb", "view_true_div"),
        tmp_path,
        capsys,
    )
