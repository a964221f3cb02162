"""Forward-crash rules of crashcov19 (``forward/dataflow_ranks.frequent``): ops model code
calls often (``benchmarks/crash/op_coverage.py``) that had no shape rule or no crash verdict.

Each model below is small and written here (not a corpus case). It is built and run in torch
on the input given, and ``driftcheck check --input-shape`` must report a blocker exactly when
torch raised. Every rule family (the name's first word) has a crashing model and a clean twin,
so a rule that flags everything or nothing fails. Several crashing models fail only after the
op (a view or a sum of the op's result), which checks the result shape the rule gives.
"""

from __future__ import annotations

import textwrap

import pytest

from tests.crash_rule_support import (
    check_blocker_iff_crash,
    check_both_sides,
    check_silent_without_shape,
)

HEAD = "import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n\n"

# name -> (source of class Net, input shape, "tokens" or "float")
MODELS: dict[str, tuple[str, tuple[int, ...], str]] = {}
X = (2, 5, 8)


def model(name: str, src: str, shape: tuple[int, ...] = X) -> None:
    MODELS[name] = (textwrap.dedent(src), shape, "float")


_PLAIN = """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 8)

    def forward(self, x):
        B, T, D = x.shape
        h = self.fc(x)
        return {expr}
"""


def plain(name: str, expr: str, shape: tuple[int, ...] = X) -> None:
    model(name, _PLAIN.format(expr=expr), shape)


# ---- one wrapped ``dim`` (IndexError outside [-r, r); a 0-d tensor takes -1 and 0)
plain("cumsum_axis", "h.cumsum(dim=2)")
plain("cumsum_past", "torch.cumsum(h, 3)")
plain("cumsum_scalar", "h.sum().cumsum(0)")
plain("cumprod_past", "h.cumprod(-4)")
plain("cumprod_first", "h.cumprod(-3) + x")
plain("normalize_rows", "F.normalize(h.mean(1))")
plain("normalize_vector", "F.normalize(h.mean((0, 1)))")  # 1-D: the default dim=1 raises
plain("normalize_vector0", "F.normalize(h.mean((0, 1)), dim=0)")
plain("argsort_past", "h.argsort(dim=3)")
plain("argsort_last", "h.gather(-1, h.argsort(dim=-1))")
plain("sort_past", "h.sort(3).values")
plain("sort_first", "torch.sort(h, dim=0).values")

# ---- reductions over one axis: the result's shape, and the axis check
plain("argmax_view", "h.argmax(-1).view(-1, 5)")
plain("argmax_badview", "h.argmax(-1).view(-1, 3)")
plain("argmax_keep", "x + h.argmax(dim=1, keepdim=True)")
plain("argmax_keepbad", "x + h.argmax(dim=1, keepdim=False)")
plain("argmax_past", "torch.argmax(h, dim=-4)")
plain("argmin_all", "h.argmin().view(1)")
plain("argmin_allview", "h.argmin().view(2)")
plain("prod_axis", "h.prod(1) + h[:, 0]")
plain("prod_badsum", "h.prod(1) + h")
plain("logsumexp_pair", "torch.logsumexp(h, dim=(1, 2)) + h[:, 0, 0]")
plain("logsumexp_twice", "torch.logsumexp(h, dim=(1, -2))")
plain("logsumexp_badsum", "h.logsumexp(-1) + h[..., 0:1]")

# ---- flip: every axis in range, none twice
plain("flip_one", "h.flip(1) + x")
plain("flip_twice", "h.flip(0, -3)")
plain("flip_past", "torch.flip(h, dims=[3])")

# ---- tile: the repeated shape (reps padded with 1s in front, or the tensor)
plain("tile_width", "h.tile((1, 2))[..., :8] + x")
plain("tile_wide", "h.tile((1, 2)) + x")
plain("tile_lead", "h.tile(2, 1, 1, 1).sum(0) + x")
plain("tile_negative", "h.tile(1, 1, -1)")
plain("fill_scalar", "h.fill_(torch.ones(())) + x")
plain("fill_vector", "h.fill_(torch.ones(1))")
plain("fill_indexvector", "h.index_fill(2, torch.tensor([0]), torch.ones(2))")

# ---- Tensor.unfold(dim, size, step): windows along an axis
plain("unfold_windows", "h.unfold(1, 3, 1).mean(-1) + x[:, :3]")
plain("unfold_count", "h.unfold(1, 3, 1).mean(-1) + x")
plain("unfold_long", "h.unfold(1, 6, 1)")
plain("unfold_stride", "h.unfold(1, 2, 2).flatten(2) + x[:, :2].repeat(1, 1, 2)")

# ---- new_zeros / new_ones / new_full: the size given, no negative one
plain("new_same", "h.new_zeros(B, T, D) + x")
plain("new_longer", "h.new_zeros((B, T + 1, D)) + x")
plain("new_negative", "torch.cat([x, h.new_ones(B, 4 - T, D)], 1)")
plain("new_full", "h.new_full((B, T, 1), 2.0) * x")

# ---- F.linear(x, weight, bias): x's last axis is the weight's second; a 1-D bias fits
_LINEAR = """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.w = nn.Parameter(torch.randn({w}))
        self.b = nn.Parameter(torch.zeros({b}))

    def forward(self, x):
        B, T, D = x.shape
        return F.linear(x, self.w, {bias}){after}
"""
model("linear_heads", _LINEAR.format(w="16, 8", b=16, bias="self.b", after=".view(B, T, 4, 4)"))
model("linear_badview", _LINEAR.format(w="16, 8", b=16, bias="None", after=".view(B, T, 4, 5)"))
model("linear_width", _LINEAR.format(w="16, 6", b=16, bias="self.b", after=""))
model("linear_bias", _LINEAR.format(w="16, 8", b=15, bias="self.b", after=""))
model("linear_onebias", _LINEAR.format(w="16, 8", b=1, bias="self.b", after=""))

# ---- element-wise losses: input and target broadcast; the binary cross-entropies: same shape
_LOSS = """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, {out})

    def forward(self, x):
        B, T, D = x.shape
        p = self.fc(x)
        return {expr}
"""


def loss(name: str, out: int, expr: str) -> None:
    model(name, _LOSS.format(out=out, expr=expr))


loss("mse_same", 8, "F.mse_loss(p, x)")
loss("mse_narrow", 6, "F.mse_loss(p, x)")
loss("mse_rowwise", 1, "F.mse_loss(p, x, reduction='none').view(B, T * D)")
loss("l1_narrow", 6, "F.l1_loss(p, x, reduction='sum')")
loss("l1_same", 8, "F.l1_loss(p, x, reduction='sum')")
loss("smoothl1_none", 8, "F.smooth_l1_loss(p, x, reduction='none') + x")
loss("smoothl1_noneview", 1, "F.smooth_l1_loss(p, x, reduction='none').view(B, T)")
loss("bcelogits_squeezed", 1, "F.binary_cross_entropy_with_logits(p.squeeze(-1), x[..., 0])")
loss("bcelogits_trailing", 1, "F.binary_cross_entropy_with_logits(p, x[..., 0])")
loss("bce_same", 1, "F.binary_cross_entropy(torch.sigmoid(p), torch.ones(B, T, 1))")
loss("bce_broadcast", 1, "F.binary_cross_entropy(torch.sigmoid(p), torch.ones(B, T, 8))")

# ---- axis arguments of ops followed elsewhere (index_select, var/std, chunk's count, ...)
plain("indexselect_rows", "h.index_select(1, torch.tensor([0, 2])).view(B, 16)")
plain("indexselect_past", "h.index_select(3, torch.tensor([0]))")
plain("var_last", "h.var(dim=-1).view(B, T)")
plain("var_past", "h.var(dim=3)")
plain("chunk_two", "h.chunk(2, dim=-1)[1].sum(-1) + x[..., 0]")
plain("chunk_zero", "h.chunk(0, -1)[0]")
plain("repeatinterleave_last", "h.repeat_interleave(2, dim=-1).view(B, T * 16)")
plain("repeatinterleave_past", "h.repeat_interleave(2, dim=3)")

# ---- element-wise ops of one tensor keep its shape
plain("unary_view", "torch.erf(h).view(B, T * D) + torch.isfinite(x).view(B, T * D)")
plain("unary_badview", "h.log1p().view(B, 3)")

# ---- element-wise ops of several tensors broadcast together
plain("broadcast_rows", "torch.maximum(h, x[:, :1]).view(B, T * D)")
plain("broadcast_mismatch", "torch.maximum(h, x[:, :3])")
plain("broadcast_lerp", "h.lerp(x, torch.rand(1, 1, 8)) + x")
plain("broadcast_grown", "torch.pow(h, torch.ones(3, 1, 1, 1)).view(B, T * D)")
plain("broadcast_clamped", "torch.clamp(h, min=x[:, :1]) + x")
plain("broadcast_clampbad", "torch.clamp(h, max=x[:, :, :3])")
plain("broadcast_logical", "torch.logical_and(h > 0, x > 0).view(B, T * D)")
plain("broadcast_maskedselect", "h.masked_select(x[:, :3] > 0)")
plain("broadcast_pairwise", "F.pairwise_distance(h, x).view(B, T)")
plain("broadcast_pairwisebad", "F.pairwise_distance(h, x).view(B, T, D)")

# ---- square-matrix ops
plain("square_inverse", "torch.linalg.inv(h[:, :, :5]) @ h[:, :, :5]")
plain("square_wide", "torch.inverse(h)")
plain("square_det", "torch.det(h[:, :, :5]).view(B)")
plain("square_vector", "torch.det(h[0, 0])")

# ---- reductions that give (values, indices), sort
plain("pairs_median", "h.median(dim=1).values.view(B, D)")
plain("pairs_badmedian", "h.median(dim=1).values.view(B, T)")
plain("pairs_kth", "h.kthvalue(3, -1, keepdim=True).values + x")
plain("pairs_kthbig", "h.kthvalue(9, -1).values")
plain("pairs_sorted", "torch.sort(h, dim=-1)[0].view(B, T * D)")
plain("pairs_sortbad", "torch.sort(h, dim=-1).indices.view(B, 3)")

# ---- select, size(d), norm, any/all over an axis
plain("select_last", "h.select(1, -5).view(B, D)")
plain("select_past", "h.select(1, 7)")
plain("size_last", "h.view(h.size(0), -1)")
plain("size_past", "h.view(h.size(3), -1)")
plain("norm_rows", "h.norm(2, -1, True) + x")
plain("norm_past", "torch.linalg.norm(h, dim=3)")
plain("any_rows", "h.any(-1).view(B, T)")
plain("any_badview", "(h > 0).all(dim=1).view(B, T)")

# ---- diagonal, movedim, diff, fliplr, trace
plain("diagonal_last", "h.diagonal(0, -2, -1).view(B, 5)")
plain("diagonal_same", "h.diagonal(0, 1, -2)")
plain("movedim_front", "torch.movedim(h, 0, -1) + x.permute(1, 2, 0)")
plain("movedim_past", "h.moveaxis(0, 4)")
plain("diff_rows", "torch.diff(h, dim=1).view(B, T - 1, D)")
plain("diff_badview", "torch.diff(h, n=2).view(B, T, D)")
plain("fliplr_matrix", "torch.fliplr(h) + x")
plain("fliplr_vector", "torch.fliplr(h[0, 0])")
plain("trace_matrix", "torch.trace(h[0, :, :5]).view(1)")
plain("trace_batched", "torch.trace(h)")

# ---- F.embedding, view_as / reshape_as, broadcast_to
plain("embedding_table", "F.embedding(x.long().clamp(0, 7), self.fc.weight).view(B, T * D * 8)")
plain("embedding_badview", "F.embedding(x.long().clamp(0, 7), self.fc.weight).view(B, 3)")
plain("viewas_same", "h.view_as(x.transpose(1, 2)) + x.transpose(1, 2)")
plain("viewas_fewer", "h.reshape_as(x[:, :3])")
plain("broadcastto_rows", "h[:, :1].broadcast_to((B, T, D)) + x")
plain("broadcastto_width", "torch.broadcast_to(h, (2, 5, 4))")

# ---- x.shape[i] / x.size()[i] past the rank, and ``B, T, C = x.shape`` with another rank
plain("shapeitem_last", "h.view(h.shape[0], h.shape[-1], -1)")
plain("shapeitem_past", "h.view(h.shape[0], h.shape[3], -1)")
plain("shapeitem_sizepast", "h.view(h.size()[-4], -1)")
plain("shapeitem_scale", "h * h.shape[3]")
plain("size_scale", "h / h.size(-4)")
plain("indices_three", "h[0, -1, 0].view(1) + h[1, 0, :1]")
plain("indices_four", "h[0, 0, 0, 0]")
plain("indices_newaxis", "h[None, 0, 0, 0].view(1)")
_UNPACK = """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 8)

    def forward(self, x):
        {names} = {what}
        return self.fc(x).view(B, -1)
"""
model("unpack_three", _UNPACK.format(names="B, T, C", what="x.shape"))
model("unpack_four", _UNPACK.format(names="B, T, C, D", what="x.shape"))
model("unpack_two", _UNPACK.format(names="B, T", what="x.size()"))
model("unpack_starred", _UNPACK.format(names="B, *rest", what="x.shape"))


@pytest.mark.parametrize("name", sorted(MODELS))
def test_blocker_iff_torch_crashes(name, tmp_path, capsys):
    check_blocker_iff_crash(MODELS, HEAD, name, tmp_path, capsys)


def test_every_rule_has_both_sides(tmp_path):
    check_both_sides(MODELS, HEAD, tmp_path)


def test_size_free_without_input_shape(tmp_path, capsys):
    """Unknown sizes (no ``--input-shape``): no verdict from these rules."""
    check_silent_without_shape(
        MODELS,
        HEAD,
        (
            "cumsum_past",
            "argmax_badview",
            "flip_twice",
            "unfold_long",
            "new_negative",
            "linear_width",
            "mse_narrow",
            "bcelogits_trailing",
        ),  # fmt: skip
        tmp_path,
        capsys,
    )


# ---- einops.rearrange / repeat / reduce and the Rearrange layer: the left side names as many
# axes as the tensor has (einops' "Wrong shape" error otherwise); ``...`` takes the rest
EINOPS_HEAD = (
    HEAD
    + "from einops import rearrange, reduce, repeat\nfrom einops.layers.torch import Rearrange\n\n"
)
EINOPS: dict[str, tuple[str, tuple[int, ...], str]] = {}
_EINOPS = """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 8)
        self.swap = Rearrange("{layer}")

    def forward(self, x):
        h = self.fc(x)
        return {expr}
"""
for _name, _layer, _expr in (
    ("rearrange_three", "b t d -> b d t", 'rearrange(h, "b t d -> b d t") + x.transpose(1, 2)'),
    ("rearrange_four", "b t d -> b d t", 'rearrange(h, "b t h d -> b h t d", h=2)'),
    ("rearrange_rest", "b t d -> b d t", 'rearrange(h, "b ... d -> b d ...") + x.transpose(1, 2)'),
    ("repeat_axis", "b t d -> b d t", 'repeat(h, "b t d -> b t d r", r=2).sum(-1) + x'),
    ("repeat_two", "b t d -> b d t", 'repeat(h, "b d -> b d r", r=2)'),
    ("reduce_mean", "b t d -> b d t", 'reduce(h, "b t d -> b d", "mean") + x[:, 0]'),
    ("reduce_two", "b t d -> b d t", 'reduce(h, "b t -> b", "mean")'),
    ("layer_three", "b t d -> b d t", "self.swap(h) + x.transpose(1, 2)"),
    ("layer_image", "b c h w -> b (h w) c", "self.swap(h)"),
):
    EINOPS[_name] = (textwrap.dedent(_EINOPS.format(layer=_layer, expr=_expr)), X, "float")


@pytest.mark.parametrize("name", sorted(EINOPS))
def test_einops_blocker_iff_torch_crashes(name, tmp_path, capsys):
    pytest.importorskip("einops")
    check_blocker_iff_crash(EINOPS, EINOPS_HEAD, name, tmp_path, capsys)


def test_einops_rules_have_both_sides(tmp_path):
    pytest.importorskip("einops")
    check_both_sides(EINOPS, EINOPS_HEAD, tmp_path)
