"""Forward-crash rules of session 31 (crashfix31: shapefuzz batch 5 and fresh22's dev misses,
made general) against torch, end to end.

Small models written here (not the corpus's, not shapefuzz's) are run in torch, and
``driftcheck check --input-shape`` must report a blocker exactly when torch raised (train and
eval mode alike); every rule family (the name's first word) has a crashing model and a clean
twin. The rules' tables and helpers are asked of torch item by item in
``tests/test_crash31d.py``.

``bag``: ``nn.EmbeddingBag`` / ``F.embedding_bag``; ``gnorm``: ``F.group_norm``'s affine
tensors; ``cplx``: ``view_as_complex`` of pairs made by a transpose (strides through views,
pieces, clones and casts); ``normcast`` / ``keepdt``: norm / PReLU parameter dtypes and dtypes
kept through parameter-free layers; ``mhaw``: MultiheadAttention's weights (None, averaged,
per head); ``hook``: forward hooks from ``__init__``; ``numbuf`` / ``nonearg``: a number stored
as a buffer, a literal None argument; ``rpt``: floating ``repeat_interleave`` repeats;
``f64fam``: a float64 family in one-dtype ops (and complex128's real parts); ``kvview``:
expand / index strides into ``view``; ``promote``: exact dtypes of mixed arithmetic;
``selfshape``: the scatter / index families and ``take_along_dim``.
"""

# ruff: noqa: B023 - each lambda made in a loop is called in the same iteration
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

fwd(
    "selfshape_take_along_dtype",
    "x2 = torch.take_along_dim(h, h.argsort(dim=-1), dim=-1)\n"
    "return x2.scatter_add(0, torch.zeros_like(x2, dtype=torch.long), x2.half())",
)
fwd(
    "selfshape_ok_take_along_dtype",
    "x2 = torch.take_along_dim(h, h.argsort(dim=-1), dim=-1)\n"
    "return x2.scatter_add(0, torch.zeros_like(x2, dtype=torch.long), x2 * 2)",
)


@pytest.mark.parametrize("name", sorted(MODELS))
def test_blocker_iff_torch_crashes(name, tmp_path, capsys):
    check_blocker_iff_crash(MODELS, HEAD, name, tmp_path, capsys)


def test_every_rule_has_both_sides(tmp_path):
    check_both_sides(MODELS, HEAD, tmp_path)


def test_silent_without_input_shape(tmp_path, capsys):
    names = tuple(n for n in MODELS if "_ok" not in n)
    check_silent_without_shape(MODELS, HEAD, names, tmp_path, capsys)
