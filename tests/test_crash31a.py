"""Forward-crash rules of session 31 (crashfix31: shapefuzz batch 5 and fresh22's dev misses,
made general) against torch.

Small models written here (not the corpus's, not shapefuzz's) are run in torch, and
``driftcheck check --input-shape`` must report a blocker exactly when torch raised (train and
eval mode alike); every rule family (the name's first word) has a crashing model and a clean
twin. The pure parts of the rules (torch's dense-layout test, ``infer_dense_strides``, the
strides of ``unflatten`` / ``reshape`` / ``unbind`` / ``chunk`` / ``clone`` / casts) are
compared with torch's own tensors on random layouts.

``bag``: ``nn.EmbeddingBag`` / ``F.embedding_bag`` argument checks and result;
``gnorm``: ``F.group_norm``'s affine tensors; ``cplx``: ``view_as_complex`` of pairs made by
a transpose (strides followed through views, pieces, clones and casts).
"""

# ruff: noqa: B023 - each lambda made in a loop is called in the same iteration
from __future__ import annotations

import random

import pytest

from driftcheck.parsers.source.forward import dataflow_fix31 as rules
from driftcheck.parsers.source.forward import dataflow_strides as ds
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


def fwd(name: str, body: str, extra: tuple[str, ...] = (), shape=(2, 6, 8)) -> None:
    """``h = self.fc(x)`` (float32, ``(2, 6, 8)``) then ``body``; ``extra`` layers after fc."""
    body = body.replace("\n", "\n        ")  # more than one line
    model(name, shape, net_source(("self.fc = nn.Linear(8, 8)", *extra), body))


IDS = "ids = (h.abs() * 3).long().clamp(max=9)\n"

# ---- bag
BAG = ("self.bag = nn.EmbeddingBag(10, 4, mode='sum')",)
TABLE = ("self.tab = nn.Parameter(torch.randn(10, 4))",)
fwd("bag_float_ids", "return self.bag((h.abs() * 3).clamp(max=9).flatten(0, 1))", BAG)
fwd("bag_float_ids_fn", "return F.embedding_bag((h.abs() * 3).clamp(max=9)[0], self.tab)", TABLE)
fwd(
    "bag_float_offsets",
    IDS + "return self.bag(ids.flatten(), torch.arange(0, 96, 8).float())",
    BAG,
)
fwd("bag_2d_offsets", IDS + "return F.embedding_bag(ids[0], self.tab, torch.arange(6))", TABLE)
fwd("bag_3d_ids", IDS + "return F.embedding_bag(ids, self.tab)", TABLE)
fwd(
    "bag_psw_shape",
    IDS + "return self.bag(ids[0], per_sample_weights=torch.rand(6, 7))",
    BAG,
)
fwd("bag_weight_1d", IDS + "return F.embedding_bag(ids[0], self.tab[0])", TABLE)
fwd(
    "bag_result_into_linear",
    IDS + "return self.q(F.embedding_bag(ids.flatten(), self.tab, torch.arange(0, 96, 8)))",
    (*TABLE, "self.q = nn.Linear(8, 2)"),
)
fwd(
    "bag_result_view_as_real",
    IDS + "return torch.view_as_real(self.bag(ids[0]))",
    BAG,
)
fwd(
    "bag_ok_2d", IDS + "return self.bag(ids[0]) + F.embedding_bag(ids[1], self.tab)", (*BAG, *TABLE)
)
fwd(
    "bag_ok_offsets",
    IDS + "return self.q(F.embedding_bag(ids.flatten(), self.tab, torch.arange(0, 96, 8)))",
    (*TABLE, "self.q = nn.Linear(4, 2)"),
)
fwd(
    "bag_ok_last_offset",
    IDS
    + "o = torch.arange(0, 97, 8)\n"
    + "return F.embedding_bag(ids.flatten(), self.tab, o, include_last_offset=True).view(12, 4)",
    TABLE,
)
fwd("bag_ok_int32", IDS + "return self.bag(ids[0].int(), per_sample_weights=torch.rand(6, 8))", BAG)
fwd("bag_ok_bool_offsets", IDS + "return self.bag(ids.flatten(), torch.tensor([False, True]))", BAG)

# ---- gnorm
GN = ("self.w = nn.Parameter(torch.ones(6))", "self.b = nn.Parameter(torch.zeros(6))")
fwd("gnorm_weight_len", "return F.group_norm(h, 3, self.w[:5])", GN)
fwd("gnorm_bias_len", "return F.group_norm(h, 2, None, torch.zeros(7))", GN)
fwd("gnorm_weight_2d", "return F.group_norm(h, 3, self.w.view(2, 3), self.b)", GN)
fwd("gnorm_weight_last_axis", "return F.group_norm(h, 2, torch.ones(8))", GN)
fwd("gnorm_ok", "return F.group_norm(h, 3, self.w, self.b)", GN)
fwd("gnorm_ok_moved", "return F.group_norm(h.transpose(1, 2), 2, torch.ones(8))", GN)

# ---- cplx
ROPE = "pairs = {pairs}\nreturn torch.view_as_real(torch.view_as_complex(pairs)).flatten(-2)"


def cplx(name: str, pairs: str, pre: str = "", extra: tuple[str, ...] = (), shape=(2, 6, 8)):
    fwd(name, pre + ROPE.format(pairs=pairs), extra, shape)


cplx("cplx_unflatten_t", "h.unflatten(-1, (2, -1)).transpose(-1, -2)")
cplx("cplx_reshape_t", "h.reshape(2, 6, 2, 4).transpose(-1, -2)")
cplx("cplx_clone_keeps", "h.unflatten(-1, (2, -1)).transpose(-1, -2).clone()")
cplx("cplx_float_keeps", "h.unflatten(-1, (2, -1)).transpose(-1, -2).float()")
cplx(
    "cplx_unbind_pieces",
    "q.float().unflatten(-1, (2, -1)).transpose(-1, -2)",
    "q, k, v = self.qkv(x).view(2, 6, 3, 2, 4).unbind(2)\n",
    ("self.qkv = nn.Linear(8, 24)",),
)
cplx(
    "cplx_chunk_cast",
    "q.double().unflatten(-1, (2, -1)).transpose(-1, -2)",
    "q, k = self.qk(x).chunk(2, dim=-1)\n",
    ("self.qk = nn.Linear(8, 16)",),
)
cplx("cplx_permute_pairs", "h.view(2, 6, 2, 4).permute(0, 1, 3, 2)")
cplx("cplx_ok_contiguous", "h.unflatten(-1, (2, -1)).transpose(-1, -2).contiguous()")
cplx("cplx_ok_reshape_copy", "h.unflatten(-1, (2, -1)).transpose(-1, -2).reshape(2, 6, 4, 2)")
cplx("cplx_ok_pairs", "h.float().reshape(*h.shape[:-1], -1, 2)")
cplx(
    "cplx_ok_unbind",
    "q.float().reshape(2, 6, 2, 2, 2)",
    "q, k, v = self.qkv(x).view(2, 6, 3, 2, 4).unbind(2)\n",
    ("self.qkv = nn.Linear(8, 24)",),
)
cplx(
    "cplx_ok_chunk_half_pairs",
    "q.unflatten(-1, (-1, 2))",
    "q, k = self.qk(x).chunk(2, dim=-1)\n",
    ("self.qk = nn.Linear(8, 16)",),
)
cplx(
    "cplx_transposed_reshape",
    "h.transpose(1, 2).reshape(2, 8, 3, 2).transpose(0, 1)",
    shape=(2, 6, 8),
)


# ---- normcast: a norm / PReLU cast in ``__init__`` on another exact dtype; keepdt: the dtype
# kept through parameter-free layers into a layer cast to float64
fwd("normcast_ln_half", "return self.n(h)", ("self.n = nn.LayerNorm(8).half()",))
fwd("normcast_ln_bf16_stmt", "return self.n(h)", ("self.n = nn.LayerNorm(8)", "self.n.bfloat16()"))
fwd("normcast_gn_double", "return self.n(h)", ("self.n = nn.GroupNorm(2, 6).double()",))
fwd("normcast_bn_half", "return self.n(h)", ("self.n = nn.BatchNorm1d(6).half()",))
fwd("normcast_float_ln_double_input", "return self.n(h.double())", ("self.n = nn.LayerNorm(8)",))
fwd("normcast_prelu_half_input", "return self.n(h.half())", ("self.n = nn.PReLU()",))
fwd("normcast_ok_mixed", "return self.n(h.half()).float()", ("self.n = nn.LayerNorm(8)",))
fwd("normcast_ok_same", "return self.n(h.half()).float()", ("self.n = nn.LayerNorm(8).half()",))
fwd(
    "normcast_ok_noaffine",
    "return self.n(h)",
    ("self.n = nn.LayerNorm(8, elementwise_affine=False).half()",),
)
fwd("normcast_ok_instance", "return self.n(h.double())", ("self.n = nn.InstanceNorm1d(6)",))
fwd("normcast_ok_rms", "return self.n(h)", ("self.n = nn.RMSNorm(8).half()",))
KEEP = (
    "self.body = nn.Sequential(nn.GELU(), nn.AdaptiveAvgPool1d(4), nn.Flatten(), nn.Dropout())",
    "self.head = nn.Linear(24, 2)",
)
fwd("keepdt_double_head", "return self.head(self.body(h))", (*KEEP, "self.head.double()"))
fwd("keepdt_half_head", "return self.head(self.body(h).double())", (*KEEP, "self.head.half()"))
fwd("keepdt_ok", "return self.head(self.body(h))", KEEP)
fwd("keepdt_ok_cast", "return self.head(self.body(h).double())", (*KEEP, "self.head.double()"))


# ---- mhaw: nn.MultiheadAttention's second item (None, averaged or per-head weights), also
# handed through a tuple a helper module returns
MHA = ("self.attn = nn.MultiheadAttention(8, 2, batch_first=True)",)
MHA_T = ("self.attn = nn.MultiheadAttention(8, 2)",)
fwd("mhaw_none_matmul", "a, w = self.attn(h, h, h, need_weights=False)\nreturn w @ h", MHA)
fwd("mhaw_none_add", "_, w = self.attn(h, h, h, None, False)\nreturn h + w", MHA)
fwd(
    "mhaw_per_head_bmm",
    "a, w = self.attn(h, h, h, average_attn_weights=False)\nreturn torch.bmm(w, h)",
    MHA,
)
fwd("mhaw_avg_wrong_axis", "a, w = self.attn(h, h, h)\nreturn w.view(2, 6, 2, 3) + a", MHA_T)
fwd("mhaw_ok_avg_bmm", "a, w = self.attn(h, h, h)\nreturn torch.bmm(w, h) + a", MHA)
fwd(
    "mhaw_ok_per_head",
    "a, w = self.attn(h, h, h, average_attn_weights=False)\nreturn w.mean(1) @ h",
    MHA,
)
fwd("mhaw_ok_seq_first", "a, w = self.attn(h, h, h)\nreturn w.view(6, 2, 6).sum() + a", MHA_T)
fwd(
    "mhaw_ok_none_checked",
    "a, w = self.attn(h, h, h, need_weights=False)\nreturn a if w is None else w @ a",
    MHA,
)
model(
    "mhaw_helper_tuple",
    (2, 6, 8),
    """
    class Block(nn.Module):
        def __init__(self):
            super().__init__()
            self.attn = nn.MultiheadAttention(8, 2, batch_first=True)

        def forward(self, x):
            a, w = self.attn(x, x, x, need_weights=False)
            return x + a, w


    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.blocks = nn.ModuleList([Block() for _ in range(2)])

        def forward(self, x):
            roll = torch.eye(6).expand(2, -1, -1)
            for blk in self.blocks:
                x, w = blk(x)
                roll = w @ roll
            return x, roll
    """,
)
model(
    "mhaw_ok_helper_tuple",
    (2, 6, 8),
    """
    class Block(nn.Module):
        def __init__(self):
            super().__init__()
            self.attn = nn.MultiheadAttention(8, 2, batch_first=True)

        def forward(self, x):
            a, w = self.attn(x, x, x)
            return x + a, w


    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.blocks = nn.ModuleList([Block() for _ in range(2)])

        def forward(self, x):
            roll = torch.eye(6).expand(2, -1, -1)
            for blk in self.blocks:
                x, w = blk(x)
                roll = w @ roll
            return x, roll
    """,
)


# ---- hook: forward hooks registered in __init__ replace a layer's output
model(
    "hook_slices_channels",
    (2, 3, 6, 6),
    """
    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.stem = nn.Conv2d(3, 8, 3, padding=1)
            self.body = nn.Conv2d(8, 8, 1)
            self.stem.register_forward_hook(self._tap)

        def _tap(self, module, inp, out):
            self.seen = out.detach()
            return out[:, :4]

        def forward(self, x):
            return self.body(torch.relu(self.stem(x))).mean((2, 3))
    """,
)
model(
    "hook_flattens",
    (2, 3, 6, 6),
    """
    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.stem = nn.Conv2d(3, 8, 3, padding=1)
            self.body = nn.Conv2d(8, 8, 1)
            self.stem.register_forward_hook(self._tap)

        def _tap(self, module, inp, out):
            self.seen = out.detach()
            return out.flatten(1)

        def forward(self, x):
            return self.body(torch.relu(self.stem(x))).mean((2, 3))
    """,
)
model(
    "hook_lambda_pools",
    (2, 3, 6, 6),
    """
    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.stem = nn.Conv2d(3, 8, 3, padding=1)
            self.body = nn.Conv2d(8, 8, 1)
            self.stem.register_forward_hook(lambda m, i, o: o.mean(1))

        def _tap(self, module, inp, out):
            self.seen = out.detach()
            return None

        def forward(self, x):
            return self.body(torch.relu(self.stem(x))).mean((2, 3))
    """,
)
model(
    "hook_ok_none",
    (2, 3, 6, 6),
    """
    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.stem = nn.Conv2d(3, 8, 3, padding=1)
            self.body = nn.Conv2d(8, 8, 1)
            self.stem.register_forward_hook(self._tap)

        def _tap(self, module, inp, out):
            self.seen = out.detach()
            return None

        def forward(self, x):
            return self.body(torch.relu(self.stem(x))).mean((2, 3))
    """,
)
model(
    "hook_ok_same_shape",
    (2, 3, 6, 6),
    """
    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.stem = nn.Conv2d(3, 8, 3, padding=1)
            self.body = nn.Conv2d(8, 8, 1)
            self.stem.register_forward_hook(self._tap)

        def _tap(self, module, inp, out):
            self.seen = out.detach()
            return torch.relu(out) * 2

        def forward(self, x):
            return self.body(torch.relu(self.stem(x))).mean((2, 3))
    """,
)
model(
    "hook_ok_input_sized",
    (2, 3, 6, 6),
    """
    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.stem = nn.Conv2d(3, 8, 3, padding=1)
            self.body = nn.Conv2d(8, 8, 1)
            self.stem.register_forward_hook(self._tap)

        def _tap(self, module, inp, out):
            self.seen = out.detach()
            return inp[0].repeat(1, 3, 1, 1)[:, :8]

        def forward(self, x):
            return self.body(torch.relu(self.stem(x))).mean((2, 3))
    """,
)


# ---- numbuf: a Python number of unknown value (``int(t) + 1``, ``t.item()``) stored as a
# buffer / over a buffer; nonearg: a parameter given a literal None, its attribute read
BUF = ("self.register_buffer('steps', torch.zeros((), dtype=torch.long))",)
fwd("numbuf_register_int", "self.register_buffer('steps', int(self.steps) + 1)\nreturn h", BUF)
fwd("numbuf_assign_item", "self.steps = self.steps.item() * 2\nreturn h", BUF)
fwd(
    "numbuf_param_float",
    "self.scale = float(h.mean())\nreturn h",
    ("self.scale = nn.Parameter(torch.ones(()))",),
)
fwd("numbuf_ok_tensor", "self.register_buffer('steps', self.steps + 1)\nreturn h", BUF)
fwd("numbuf_ok_new_attr", "self.count = int(self.steps) + 1\nreturn h", BUF)
STE = """
    class RoundSTE(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x, step):
            {body}
            return torch.round(x / step) * step

        @staticmethod
        def backward(ctx, g):
            return g, None


    def scale(x, factor=None, shift=None):
        {helper}


    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.enc = nn.Linear(8, 16)

        def forward(self, x):
            z = self.enc(x)
            {call}
    """
for name, body, helper, call in [
    (
        "nonearg_function_forward",
        "ctx.save_for_backward(x)",
        "return x",
        "return RoundSTE.forward(None, z, torch.tensor(0.25))",
    ),
    ("nonearg_keyword", "pass", "return x * factor.exp()", "return scale(z, factor=None)"),
    ("nonearg_positional", "pass", "return x + shift.view(1, -1)", "return scale(z, 2.0, None)"),
    (
        "nonearg_ok_apply",
        "ctx.save_for_backward(x)",
        "return x",
        "return RoundSTE.apply(z, torch.tensor(0.25))",
    ),
    (
        "nonearg_ok_checked",
        "pass",
        "return x if factor is None else x * factor.exp()",
        "return scale(z, None)",
    ),
    (
        "nonearg_ok_rebound",
        "pass",
        "factor = torch.ones(()) if factor is None else factor\n        return x * factor.exp()",
        "return scale(z, None)",
    ),
]:
    model(name, (2, 8), STE.format(body=body, helper=helper, call=call))


# ---- rpt: repeat_interleave with floating repeats; f64fam: a float64 family fact (no exact
# dtype: meshgrid / stack / promotion) against an exact float32 in a one-dtype op
fwd(
    "rpt_float_durations",
    "d = torch.clamp(torch.round(torch.exp(h[0, :, 0])), min=1)\n"
    "return torch.repeat_interleave(h[0], d, dim=0)",
)
DUR = "d = torch.clamp(torch.round(torch.exp(h[0, :, 0])), min=1)\n"
fwd("rpt_method_float", DUR + "return h[0].repeat_interleave(d, 0)")
fwd("rpt_only_repeats", DUR + "return torch.repeat_interleave(d)")
fwd(
    "rpt_ok_long",
    "d = torch.clamp(torch.round(torch.exp(h[0, :, 0])), min=1).long()\n"
    "return torch.repeat_interleave(h[0], d, dim=0)",
)
fwd("rpt_ok_number", "return h.repeat_interleave(2, dim=1)")
GRID = (
    "ys = torch.linspace(-1, 1, 4, dtype=torch.float64)\n"
    "gy, gx = torch.meshgrid(ys, ys, indexing='ij')\n"
    "grid = torch.stack([gx, gy], -1).expand(2, 4, 4, 2)\n"
)
C = ("self.c = nn.Conv2d(6, 3, 1)",)
fwd("f64fam_grid_sample", GRID + "return F.grid_sample(self.c(h[..., None]), grid)", C)
fwd(
    "f64fam_grid_promoted",
    GRID + "grid = grid + 0.1 * torch.tanh(h[:, :1, :2])[:, None]\n"
    "return F.grid_sample(self.c(h[..., None]), grid)",
    C,
)
fwd("f64fam_lerp", "return torch.lerp(h, torch.stack([h.double(), h.double()]).sum(0), 0.5)")
fwd(
    "f64fam_ok_grid_float",
    GRID + "return F.grid_sample(self.c(h[..., None]), grid.float())",
    C,
)
fwd("f64fam_real_part_into_float32", "return torch.lerp(h, torch.fft.fft(h.double()).real, 0.5)")
fwd(
    "f64fam_ok_irfft",
    "return torch.lerp(h.double(), torch.fft.irfft(torch.fft.rfft(h.double()), n=8), 0.5)",
)
fwd("f64fam_ok_abs", "return torch.lerp(h.double(), torch.fft.fft(h.double()).abs(), 0.5)")
fwd("f64fam_ok_real_attr", "return torch.lerp(h.double(), torch.fft.fft(h.double()).real, 0.5)")
fwd(
    "f64fam_ok_complex128_real",
    "r = torch.view_as_real(torch.fft.fft(h.double())).sum(-1)\n"
    "return torch.lerp(h.double(), r, 0.5)",
)


# ---- kvview: GQA's repeat of key / value heads (``[:, :, None].expand`` / ``unsqueeze``)
# then ``view``: the expanded axis has stride 0, so no view merges it (reshape copies)
KV = "k = self.k(x).view(2, 6, 2, 4).transpose(1, 2)\n"
KVL = ("self.k = nn.Linear(8, 8)",)
fwd(
    "kvview_index_expand",
    KV + "k = k[:, :, None, :, :].expand(2, 2, 2, 6, 4)\nreturn k.view(2, 4, 6, 4)",
    KVL,
)
fwd(
    "kvview_unsqueeze_expand",
    KV + "k = k.unsqueeze(2).expand(-1, -1, 2, -1, -1)\nreturn k.view(2, 4, 6, 4)",
    KVL,
)
fwd("kvview_transposed_slice", "return h[:, ::2].transpose(1, 2).view(2, -1)")
fwd("kvview_squeezed_t", "return h.unsqueeze(1).transpose(2, 3).squeeze(1).view(2, 48)")
fwd(
    "kvview_ok_reshape",
    KV + "k = k[:, :, None, :, :].expand(2, 2, 2, 6, 4)\nreturn k.reshape(2, 4, 6, 4)",
    KVL,
)
fwd(
    "kvview_ok_contiguous",
    KV + "k = k.unsqueeze(2).expand(-1, -1, 2, -1, -1)\nreturn k.contiguous().view(2, 4, 6, 4)",
    KVL,
)
fwd("kvview_ok_slice_rows", "return h[:, 1:4].view(2, 24)")
fwd("kvview_ok_new_axis", "return h[:, None].view(2, 48)")
fwd("kvview_ok_expand_new_lead", "return h[0].expand(3, 6, 8).view(3, 48)[0]")


# ---- promote: the exact dtype of arithmetic between tensors of two floating dtypes
fwd("promote_half_times_double", "return torch.lerp(h, h.half() * h.double(), 0.5)")
fwd("promote_bf16_plus_half", "return torch.lerp(h.half(), h.bfloat16() + h.half(), 0.5)")
fwd("promote_ok_half_times_float", "return torch.lerp(h, h.half() * h, 0.5)")
fwd(
    "promote_ok_zero_dim",
    "return torch.lerp(h, h * torch.tensor(2.0, dtype=torch.float64), 0.5)",
)
fwd("promote_ok_bf16_plus_half", "return torch.lerp(h, h.bfloat16() + h.half(), 0.5)")


# ---- selfshape: the scatter / index families keep ``self``'s shape
fwd("selfshape_index_copy", "return h.index_copy(1, torch.arange(6).flip(0), h).view(2, 6, 2, 3)")
fwd(
    "selfshape_scatter_reduce",
    "s = torch.zeros_like(h).scatter_reduce(-1, h.argsort(-1), h, reduce='mean')\nreturn self.q(s)",
    ("self.q = nn.Linear(6, 2)",),
)
fwd("selfshape_masked_scatter_bcast", "return h[:1].masked_scatter(h > 0, h * 2).view(8, 6)")
fwd("selfshape_ok_index_fill", "return h.index_fill(1, torch.tensor([0]), 0.0).view(2, 48)")
fwd(
    "selfshape_ok_scatter_add",
    "return self.q(h.scatter_add(2, torch.zeros_like(h, dtype=torch.long), h))",
    ("self.q = nn.Linear(8, 2)",),
)
fwd("selfshape_ok_masked_scatter_bcast", "return h[:1].masked_scatter(h > 0, h * 2).view(2, 48)")

fwd(
    "selfshape_take_along_dim",
    "return torch.take_along_dim(h, h.argmax(dim=2, keepdim=True), dim=2).view(2, 12)",
)
fwd(
    "selfshape_take_along_method",
    "return self.q(h.take_along_dim(h.argsort(1)[:, :3], 1))",
    ("self.q = nn.Linear(6, 2)",),
)
fwd(
    "selfshape_ok_take_along_dim",
    "return torch.take_along_dim(h, h.argmax(dim=2, keepdim=True), dim=2).view(2, 6)",
)


@pytest.mark.parametrize("name", sorted(MODELS))
def test_blocker_iff_torch_crashes(name, tmp_path, capsys):
    check_blocker_iff_crash(MODELS, HEAD, name, tmp_path, capsys)


def test_every_rule_has_both_sides(tmp_path):
    check_both_sides(MODELS, HEAD, tmp_path)


def test_silent_without_input_shape(tmp_path, capsys):
    names = tuple(n for n in MODELS if "_ok" not in n)
    check_silent_without_shape(MODELS, HEAD, names, tmp_path, capsys)


FLOATS = ("float32", "float64", "float16", "bfloat16")


def _runs(fn) -> bool:
    try:
        fn()
    except Exception:  # noqa: BLE001 - torch's refusal
        return False
    return True


def test_bag_index_dtypes_are_torchs():
    """Floating ids or offsets are refused for every floating dtype, 1-D and 2-D ids, the layer
    and the function alike; int64 / int32 ids with int64 / int32 / bool offsets run."""
    torch = pytest.importorskip("torch")
    F = torch.nn.functional
    w = torch.randn(5, 3)
    bag = torch.nn.EmbeddingBag(5, 3)
    ids1, offs = torch.tensor([0, 1, 2, 3]), torch.tensor([0, 2])
    for name in FLOATS:
        dt = getattr(torch, name)
        assert not _runs(lambda: F.embedding_bag(ids1.to(dt), w, offs))
        assert not _runs(lambda: F.embedding_bag(ids1.view(2, 2).to(dt), w))
        assert not _runs(lambda: F.embedding_bag(ids1, w, offs.to(dt)))
        assert not _runs(lambda: bag(ids1.to(dt), offs))
        assert not _runs(lambda: bag(ids1, offs.to(dt)))
    for it in (torch.int64, torch.int32):
        for ot in (torch.int64, torch.int32, torch.bool):
            assert _runs(lambda: F.embedding_bag(ids1.to(it), w, offs.to(ot)))
    # the result: (B, E) / (n - include_last_offset, E), the table's dtype
    for wt in (torch.float32, torch.float64, torch.float16):
        for mode in ("sum", "mean", "max"):
            got = F.embedding_bag(ids1.view(2, 2), w.to(wt), mode=mode)
            assert got.shape == (2, 3) and got.dtype == wt
            got = F.embedding_bag(ids1, w.to(wt), torch.tensor([0, 1, 3]), mode=mode)
            assert got.shape == (3, 3) and got.dtype == wt
    got = F.embedding_bag(ids1, w, torch.tensor([0, 1, 4]), include_last_offset=True)
    assert got.shape == (2, 3)


def test_group_norm_affine_shapes_are_torchs():
    """``F.group_norm`` runs iff each given weight / bias has shape ``(C,)``."""
    torch = pytest.importorskip("torch")
    F = torch.nn.functional
    for xs in ((3, 8, 4, 1), (2, 8), (0, 8, 2), (2, 4, 3)):
        x = torch.randn(xs)
        c = xs[1]
        for ws in ((c,), (c + 1,), (1,), (1, c), (2, c // 2), ()):
            w = torch.ones(ws)
            want = tuple(ws) == (c,)
            assert _runs(lambda: F.group_norm(x, 2, w)) is want
            assert _runs(lambda: F.group_norm(x, 2, None, w)) is want
            assert (rules._group_norm_error([x_t(xs), 2, x_t(ws)], {}) is None) is want


def x_t(shape):
    from driftcheck.parsers.source.values.dataflow_values import Tens

    return Tens(None, tuple(shape))


def _layouts(torch, r: random.Random, n: int):
    """Random strided tensors: a contiguous tensor, permuted, sliced (with steps), expanded."""
    for _ in range(n):
        rank = r.randint(1, 4)
        shape = [r.choice([1, 2, 3, 4]) for _ in range(rank)]
        t = torch.randn(shape)
        if r.random() < 0.6:
            perm = list(range(rank))
            r.shuffle(perm)
            t = t.permute(perm)
        if r.random() < 0.4:
            d = r.randrange(rank)
            if t.shape[d] > 1:
                t = (
                    t.narrow(d, 0, t.shape[d] - 1)
                    if r.random() < 0.5
                    else t[(slice(None),) * d + (slice(None, None, 2),)]
                )
        yield t


def test_dense_and_preserved_strides_are_torchs():
    """``dense`` is torch's ``is_non_overlapping_and_dense``; ``preserved`` the strides of
    ``clone()`` and of a dtype cast (``empty_like`` in the preserved format)."""
    torch = pytest.importorskip("torch")
    from torch import _prims_common as pc

    r = random.Random(31)
    for t in _layouts(torch, r, 600):
        sh, st = tuple(t.shape), tuple(t.stride())
        assert rules.dense(sh, st) == pc.is_non_overlapping_and_dense_or_false(t), (sh, st)
        assert rules.preserved(sh, st) == t.clone().stride(), (sh, st)
        assert rules.preserved(sh, st) == t.double().stride(), (sh, st)
        assert rules.preserved(sh, st) == t.to(torch.float16).stride(), (sh, st)


def test_view_piece_strides_are_torchs():
    """``unflatten`` / ``reshape`` / ``flatten`` (``computeStride`` or a contiguous copy) and the
    pieces of ``unbind`` / ``chunk`` / ``split`` have the strides the rules give them."""
    torch = pytest.importorskip("torch")
    r = random.Random(131)
    for t in _layouts(torch, r, 600):
        sh, st = tuple(t.shape), tuple(t.stride())
        n = len(sh)
        d = r.randrange(n)
        # reshape / flatten to a random factorization of the elements
        new = list(sh)
        if n >= 2 and r.random() < 0.5:
            a = r.randrange(n - 1)
            new[a : a + 2] = [new[a] * new[a + 1]]
        elif sh[d] % 2 == 0:
            new[d : d + 1] = [2, sh[d] // 2]
        got = ds.compute_stride(sh, st, tuple(new))
        want = t.reshape(new).stride()
        assert (got or ds.contiguous_strides(tuple(new))) == want, (sh, st, new)
        if got is not None:
            assert got == t.view(new).stride()
        for p in t.unbind(d):
            assert p.stride() == tuple(s for i, s in enumerate(st) if i != d)
        for p in t.chunk(2, d):
            assert p.stride() == st


def _vc_runs(torch, t) -> bool:
    return _runs(lambda: torch.view_as_complex(t))


def test_view_as_complex_stride_rule_is_torchs():
    """On layouts with a last axis of 2, the rule's verdict (a stride that is not 1 last, an odd
    stride before it on an axis of more than one item) is torch's; where the rule says nothing
    torch may still refuse (an odd storage offset), never the other way."""
    torch = pytest.importorskip("torch")
    r = random.Random(7)
    seen = {True: 0, False: 0}
    for _ in range(1500):
        rank = r.randint(2, 4)
        shape = [r.choice([1, 2, 3, 4]) for _ in range(rank - 1)] + [2]
        t = torch.randn(shape)
        perm = list(range(rank))
        r.shuffle(perm)
        t = t.permute(perm)
        back = [perm.index(i) for i in range(rank)]
        u = t.contiguous().permute(back) if r.random() < 0.5 else t.permute(back)
        if r.random() < 0.3:
            u = u.transpose(-1, -2) if u.shape[-2] == 2 else u
        if u.shape[-1] != 2:
            continue
        from driftcheck.parsers.source.values.dataflow_values import Tens

        class F_:
            input_shape = tuple(u.shape)
            value_facts: dict = {}

        f = F_()
        x = Tens(None, tuple(u.shape))
        f.value_facts[id(x)] = (x, {ds.KEY: tuple(u.stride())})
        claimed = rules._complex_view_error(f, x) is not None
        runs = _vc_runs(torch, u)
        if claimed:
            assert not runs, (u.shape, u.stride())
        elif u.storage_offset() % 2 == 0:
            assert runs, (u.shape, u.stride())
        seen[claimed] += 1
    assert seen[True] > 50 and seen[False] > 50


_KEEP_INPUTS = {
    "Flatten": (2, 3, 4), "Unflatten": None, "MaxPool1d": (2, 3, 4), "MaxPool2d": (2, 3, 4, 4),
    "MaxPool3d": (1, 2, 4, 4, 4), "AvgPool1d": (2, 3, 4), "AvgPool2d": (2, 3, 4, 4),
    "AvgPool3d": (1, 2, 4, 4, 4), "AdaptiveAvgPool1d": (2, 3, 4),
    "AdaptiveAvgPool2d": (2, 3, 4, 4), "AdaptiveAvgPool3d": (1, 2, 4, 4, 4),
    "AdaptiveMaxPool1d": (2, 3, 4), "AdaptiveMaxPool2d": (2, 3, 4, 4),
    "PixelShuffle": (1, 4, 2, 2), "PixelUnshuffle": (1, 1, 4, 4), "ZeroPad2d": (1, 2, 3, 3),
    "ConstantPad1d": (2, 3, 4), "ConstantPad2d": (1, 2, 3, 3), "ReflectionPad1d": (2, 3, 4),
    "ReflectionPad2d": (1, 2, 3, 3), "ReplicationPad1d": (2, 3, 4),
    "ReplicationPad2d": (1, 2, 3, 3), "Dropout2d": (2, 3, 4, 4), "Dropout3d": (1, 2, 3, 4, 4),
    "Dropout1d": (2, 3, 4), "ChannelShuffle": (1, 4, 2, 2), "Softmax2d": (1, 2, 3, 3),
    "UpsamplingNearest2d": (1, 2, 3, 3), "UpsamplingBilinear2d": (1, 2, 3, 3),
    "AdaptiveMaxPool3d": (1, 2, 4, 4, 4), "LPPool1d": (2, 3, 4), "LPPool2d": (2, 3, 4, 4),
    "GLU": (2, 4, 6),
}  # fmt: skip
_KEEP_ARGS = {
    "Unflatten": (1, (2, 2)), "MaxPool1d": (2,), "MaxPool2d": (2,), "MaxPool3d": (2,),
    "AvgPool1d": (2,), "AvgPool2d": (2,), "AvgPool3d": (2,), "AdaptiveAvgPool1d": (2,),
    "AdaptiveAvgPool2d": (2,), "AdaptiveAvgPool3d": (2,), "AdaptiveMaxPool1d": (2,),
    "AdaptiveMaxPool2d": (2,), "PixelShuffle": (2,), "PixelUnshuffle": (2,), "ZeroPad2d": (1,),
    "ConstantPad1d": (1, 0.5), "ConstantPad2d": (1, 0.5), "ReflectionPad1d": (1,),
    "ReflectionPad2d": (1,), "ReplicationPad1d": (1,), "ReplicationPad2d": (1,),
    "Upsample": (None, 2), "LocalResponseNorm": (2,), "ChannelShuffle": (2,),
    "Threshold": (0.1, 0.0), "UpsamplingNearest2d": (None, 2), "UpsamplingBilinear2d": (None, 2),
    "AdaptiveMaxPool3d": (2,), "LPPool1d": (2, 2), "LPPool2d": (2, 2),
}  # fmt: skip


def test_keep_dtype_layers_are_torchs():
    """Each layer of ``KEEP_DTYPE_LAYERS`` gives its input's dtype back (where it runs), for
    every floating dtype, train and eval."""
    torch = pytest.importorskip("torch")
    ran = 0
    for name in sorted(rules.KEEP_DTYPE_LAYERS):
        shape = _KEEP_INPUTS.get(name) or (2, 4, 3)
        layer = getattr(torch.nn, name)(*_KEEP_ARGS.get(name, ()))
        for train in (False, True):
            layer.train(train)
            for d in FLOATS:
                dt = getattr(torch, d)
                try:
                    out = layer(torch.randn(shape, dtype=dt))
                except Exception:  # noqa: BLE001 - no kernel: nothing follows
                    continue
                assert out.dtype == dt, (name, d)
                ran += 1
    assert ran > 300


def test_param_dtype_table_is_torchs():
    """``param_dtype_error``'s table (affine norms: the parameters' dtype, or float32
    parameters with a half input; PReLU: the parameters' dtype only) on every pair of the four
    floating dtypes, train and eval, for each layer it names; the output has the input's
    dtype."""
    torch = pytest.importorskip("torch")
    nn = torch.nn
    makers = {
        "LayerNorm": (lambda: nn.LayerNorm(8), (2, 3, 8)),
        "GroupNorm": (lambda: nn.GroupNorm(2, 4), (2, 4, 5)),
        "BatchNorm1d": (lambda: nn.BatchNorm1d(4), (2, 4, 5)),
        "BatchNorm2d": (lambda: nn.BatchNorm2d(4), (2, 4, 3, 3)),
        "BatchNorm3d": (lambda: nn.BatchNorm3d(2), (2, 2, 2, 3, 3)),
        "InstanceNorm1d": (lambda: nn.InstanceNorm1d(4, affine=True), (2, 4, 5)),
        "InstanceNorm2d": (lambda: nn.InstanceNorm2d(4, affine=True), (2, 4, 3, 3)),
        "InstanceNorm3d": (lambda: nn.InstanceNorm3d(2, affine=True), (2, 2, 2, 3, 3)),
        "PReLU": (lambda: nn.PReLU(), (2, 3, 8)),
    }
    assert set(makers) == set(rules.AFFINE_NORMS) | rules.STRICT_PARAM_LAYERS
    for name, (make, shape) in makers.items():
        for p in FLOATS:
            for d in FLOATS:
                want = p == d or (
                    name in rules.AFFINE_NORMS and p == "float32" and d in ("float16", "bfloat16")
                )
                for train in (False, True):
                    m = make().to(getattr(torch, p)).train(train)
                    x = torch.randn(shape, dtype=getattr(torch, d))
                    assert _runs(lambda: m(x)) is want, (name, p, d, train)
                    if want:
                        assert m(x).dtype == x.dtype


def _random_key(r: random.Random, rank: int):
    keys: list = []
    for _ in range(r.randint(0, rank)):
        keys.append(r.choice([0, -1, slice(None), slice(1, None), slice(None, None, 2),
                              slice(0, 2), None]))  # fmt: skip
    if r.random() < 0.3:
        keys.insert(r.randrange(len(keys) + 1), Ellipsis)
    if r.random() < 0.3:
        keys.append(None)
    return tuple(keys)


def test_index_and_view_method_strides_are_torchs():
    """``index_strides`` (ints, slices, None, Ellipsis), ``unsqueeze`` / ``squeeze`` /
    ``expand`` strides against torch's tensors on random layouts."""
    torch = pytest.importorskip("torch")
    r = random.Random(311)
    checked = 0
    for t in _layouts(torch, r, 800):
        sh, st = tuple(t.shape), tuple(t.stride())
        key = _random_key(r, len(sh))
        try:
            want = t[key].stride()
        except IndexError:
            want = None
        got = rules.index_strides(sh, st, key)
        if want is None:
            assert got is None or 0 in sh, (sh, st, key)
        elif got is not None:
            assert got == want, (sh, st, key)
            checked += 1
        d = r.randint(-len(sh) - 1, len(sh))
        assert rules.unsqueeze_strides(sh, st, d % (len(sh) + 1)) == t.unsqueeze(d).stride()
        sizes = [r.choice([k, -1, 3]) if k == 1 else r.choice([k, -1]) for k in sh]
        if r.random() < 0.5:
            sizes = [2, *sizes]
        assert rules.expand_strides(sh, st, tuple(sizes)) == t.expand(sizes).stride()
    assert checked > 400


def test_promotion_is_torchs():
    """``promoted`` is ``torch.result_type`` for every pair of the four floating dtypes, 0-d
    and dimensioned operands alike."""
    torch = pytest.importorskip("torch")
    for a in FLOATS:
        for b in FLOATS:
            for sa in ((), (3,), (2, 3)):
                for sb in ((), (3,), (1, 3)):
                    x = torch.zeros(sa, dtype=getattr(torch, a))
                    y = torch.zeros(sb, dtype=getattr(torch, b))
                    want = str(torch.result_type(x, y)).removeprefix("torch.")
                    assert rules.promoted(a, sa, b, sb) == want, (a, sa, b, sb)
                    assert (x + y).dtype == torch.result_type(x, y)


_FN_ARGS = {
    "batch_norm": lambda t, x, d: (x, t.zeros(3, dtype=d), t.ones(3, dtype=d)),
    "layer_norm": lambda t, x, d: (x, (4,), t.ones(4, dtype=d)),
    "group_norm": lambda t, x, d: (x, 3, t.ones(3, dtype=d)),
    "instance_norm": lambda t, x, d: (x, None, None, t.ones(3, dtype=d)),
    "rms_norm": lambda t, x, d: (x, (4,), t.ones(4, dtype=d)),
    "local_response_norm": lambda t, x, d: (x, 2),
    "interpolate": lambda t, x, d: (x, None, 2),
    "pad": lambda t, x, d: (x, (1, 1)),
    "pixel_shuffle": lambda t, x, d: (x.reshape(1, 4, 2, 3), 2),
    "pixel_unshuffle": lambda t, x, d: (x.reshape(1, 1, 4, 6), 2),
    "glu": lambda t, x, d: (x, -1),
    "softmin": lambda t, x, d: (x, -1),
}


def test_keep_dtype_functions_are_torchs():
    """Each op of ``KEEP_DTYPE_FNS`` gives its input's dtype back wherever it runs: every
    floating input dtype, and for the norms every floating dtype of their statistics /
    affine tensors."""
    torch = pytest.importorskip("torch")
    F = torch.nn.functional
    ran = 0
    for q in sorted(rules.KEEP_DTYPE_FNS):
        name = q.rsplit(".", 1)[1]
        fn = getattr(F, name)
        nd = name[-2] if name[-2:-1].isdigit() else None
        shape = {None: (2, 3, 4), "1": (2, 3, 4), "2": (2, 3, 4, 4), "3": (1, 2, 4, 4, 4)}[nd]
        make = _FN_ARGS.get(name, lambda t, x, d: (x, 2) if "pool" in name else (x,))
        for xd in FLOATS:
            for pd in FLOATS:
                x = torch.randn(shape, dtype=getattr(torch, xd))
                try:
                    out = fn(*make(torch, x, getattr(torch, pd)))
                except Exception:  # noqa: BLE001 - no kernel / refused: nothing follows
                    continue
                assert out.dtype == x.dtype, (name, xd, pd)
                ran += 1
    assert ran > 200


def test_self_shaped_methods_are_torchs():
    """Each method of ``SELF_SHAPED_METHODS`` returns ``self``'s shape (``masked_scatter``:
    ``self`` broadcast with the mask)."""
    torch = pytest.importorskip("torch")
    x = torch.randn(2, 3, 4)
    idx = torch.tensor([0, 2])
    calls = {
        "scatter": lambda: x.scatter(2, torch.zeros(2, 3, 4, dtype=torch.long), x),
        "scatter_add": lambda: x.scatter_add(1, torch.zeros(2, 1, 4, dtype=torch.long), x),
        "scatter_reduce": lambda: x.scatter_reduce(
            0, torch.zeros(1, 3, 4, dtype=torch.long), x, "amax"
        ),
        "index_fill": lambda: x.index_fill(1, idx, 0.0),
        "index_copy": lambda: x.index_copy(1, idx, x[:, :2]),
        "index_add": lambda: x.index_add(2, idx, x[..., :2]),
        "index_reduce": lambda: x.index_reduce(1, idx, x[:, :2], "prod"),
        "select_scatter": lambda: x.select_scatter(x[:, 0], 1, 0),
        "slice_scatter": lambda: x.slice_scatter(x[:, :1], 1, 0, 1),
        "diagonal_scatter": lambda: x.diagonal_scatter(torch.zeros(2, 3), 0, 1, 2),
    }
    assert set(calls) | {"masked_scatter"} == rules.SELF_SHAPED_METHODS
    for name, call in calls.items():
        assert call().shape == x.shape, name
    assert x[:1].masked_scatter(x > 0, x).shape == x.shape
    assert x.masked_scatter(x[:1] > 0, x).shape == x.shape


def test_take_along_dim_shape_is_torchs():
    """``along_dim_shape`` is torch's result shape where it runs, None where torch refuses."""
    torch = pytest.importorskip("torch")
    r = random.Random(3)
    for _ in range(400):
        rank = r.randint(1, 3)
        xs = [r.choice([1, 2, 3]) for _ in range(rank)]
        js = [r.choice([1, 2, 3, x]) for x in xs]
        d = r.randrange(-rank, rank)
        x = torch.randn(xs)
        i = torch.zeros(js, dtype=torch.long)
        try:
            want = tuple(torch.take_along_dim(x, i, dim=d).shape)
        except RuntimeError:
            want = None
        assert rules.along_dim_shape(x_t(xs), x_t(js), d) == want, (xs, js, d)
