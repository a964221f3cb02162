"""Forward-crash rules of crashfix18e (``forward/dataflow_ranks.py``: lookups, factories,
scatter, casts, cross_entropy; ``dataflow_torch.pieces``; ``dataflow_call.iterate``) against
real torch.

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


# ---- torch.bincount: a 1-D input only
_BINCOUNT = """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.router = nn.Linear(8, 4)

    def forward(self, x):
        _, topi = self.router(x.reshape(-1, 8)).topk(2, dim=-1)
        load = torch.bincount({counted}, minlength=4).float()
        return load / load.sum()
"""
model("bincount_flat", (2, 3, 8), src=_BINCOUNT.format(counted="topi.flatten()"))
model("bincount_2d", (2, 3, 8), src=_BINCOUNT.format(counted="topi"))

# ---- torch.multinomial: 1-D or 2-D probabilities, at most size(-1) samples without replacement
_MULTI = """
class Net(nn.Module):
    def __init__(self, n={n}):
        super().__init__()
        self.n = n
        self.fc = nn.Linear(8, 6)

    def forward(self, x):
        p = self.fc(x).softmax(-1)
        return torch.multinomial({probs}, self.n{extra})
"""
model("multinomial_2d", (2, 5, 8), src=_MULTI.format(n=3, probs="p.flatten(0, 1)", extra=""))
model("multinomial_3d", (2, 5, 8), src=_MULTI.format(n=1, probs="p", extra=""))
model("multinomial_too_many", (2, 5, 8), src=_MULTI.format(n=7, probs="p[0]", extra=""))
model(
    "multinomial_replaced",
    (2, 5, 8),
    src=_MULTI.format(n=7, probs="p[0]", extra=", replacement=True"),
)
model("multinomial_zero", (2, 5, 8), src=_MULTI.format(n=0, probs="p[0]", extra=""))

# ---- torch.searchsorted / torch.bucketize: batched boundaries must match the values' batch
_SORTED = """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("sigmas", torch.linspace(0.01, 10.0, 20))
        self.emb = nn.Embedding(21, 4)

    def forward(self, x):
        B = x.shape[0]
        sigma = torch.full({vshape}, 2.5)
        t = torch.searchsorted({bounds}, sigma)
        return self.emb(t.reshape(-1))
"""
model("searchsorted_flat", (3, 4), src=_SORTED.format(vshape="(B,)", bounds="self.sigmas"))
model(
    "searchsorted_rows",
    (3, 4),
    src=_SORTED.format(vshape="(B, 1)", bounds="self.sigmas.expand(B, -1)"),
)
model(
    "searchsorted_batched",
    (3, 4),
    src=_SORTED.format(vshape="(B,)", bounds="self.sigmas.expand(B, -1)"),
)
_BUCKET = """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("edges", {edges})
        self.bias = nn.Embedding(9, 2)

    def forward(self, x):
        T = x.shape[1]
        pos = torch.arange(T)
        rel = (pos[None, :] - pos[:, None]).abs().float()
        return self.bias(torch.bucketize(rel, self.edges))
"""
model("bucketize_flat", (2, 6), src=_BUCKET.format(edges="torch.tensor([1.0, 2, 4, 8])"))
model("bucketize_rows", (2, 6), src=_BUCKET.format(edges="torch.tensor([[1.0, 2, 4, 8]])"))

# ---- torch.take_along_dim with a dim: same rank for input and indices
_TAKE = """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 5)

    def forward(self, x):
        logp = self.fc(x).log_softmax(-1)
        top = logp.topk(2, dim=-1).indices
        return torch.take_along_dim({src}, top, dim=-1)
"""
model("take_same_rank", (2, 3, 8), src=_TAKE.format(src="logp"))
model("take_extra_axis", (2, 3, 8), src=_TAKE.format(src="logp[:, None]"))

# ---- mean() of an integer tensor
_MEAN = """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(1, 8)

    def forward(self, x):
        T = x.shape[1]
        pos = {pos}
        pos = (pos - pos.mean()) / T
        return x + self.proj(pos[:, None])
"""
model("mean_long", (2, 6, 8), src=_MEAN.format(pos="torch.arange(T)"))
model("mean_floordiv", (2, 6, 8), src=_MEAN.format(pos="torch.arange(T) // 2"))
model("mean_float", (2, 6, 8), src=_MEAN.format(pos="torch.arange(T).float()"))
model("mean_float_div", (2, 6, 8), src=_MEAN.format(pos="torch.arange(T) / 2"))

# ---- torch.arange's step, torch.zeros' sizes
_ARANGE = """
class Net(nn.Module):
    def __init__(self, keep={keep}):
        super().__init__()
        self.keep = keep
        self.head = nn.Linear(8, 3)

    def forward(self, x):
        T = x.shape[1]
        idx = torch.arange({args})
        return self.head(x[:, idx].mean(1))
"""
model("arange_step", (2, 7, 8), src=_ARANGE.format(keep=3, args="0, T, T // self.keep"))
model("arange_step_zero", (2, 7, 8), src=_ARANGE.format(keep=8, args="0, T, T // self.keep"))
model("arange_backwards", (2, 7, 8), src=_ARANGE.format(keep=8, args="T, 0, 1"))
_ZEROS = """
class Net(nn.Module):
    def __init__(self, max_len=8):
        super().__init__()
        self.max_len = max_len
        self.pool = nn.Linear(max_len * 4, 2)

    def forward(self, x):
        B, T, D = x.shape
        pad = torch.{fn}
        return self.pool(torch.cat([x, pad], dim=1).flatten(1))
"""
model("zeros_pad", (2, 5, 4), src=_ZEROS.format(fn="zeros(B, self.max_len - T, D)"))
model("zeros_negative", (2, 11, 4), src=_ZEROS.format(fn="zeros(B, self.max_len - T, D)"))
model(
    "zeros_full_negative", (2, 11, 4), src=_ZEROS.format(fn="full((B, self.max_len - T, D), 0.0)")
)

# ---- Tensor.split with a size of 0
_SPLIT = """
class Net(nn.Module):
    def __init__(self, n=4):
        super().__init__()
        self.n = n
        self.rnn = nn.GRU(8, 8, batch_first=True)

    def forward(self, x):
        T = x.shape[1]
        pieces = x.split(T // self.n, dim=1)
        return torch.stack([self.rnn(p)[1][-1] for p in pieces], 1)
"""
model("split_chunks", (2, 8, 8), src=_SPLIT)
model("split_zero", (2, 3, 8), src=_SPLIT)

# ---- iteration over a 0-d tensor
_ITER = """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 3)

    def forward(self, x):
        lengths = (x.abs().sum(-1) > 0).sum({red})
        pooled = [x[i, : int(n)].mean(0) for i, n in enumerate(lengths)]
        return self.fc(torch.stack(pooled))
"""
model("iter_rows", (2, 5, 8), src=_ITER.format(red="1"))
model("iter_total", (2, 5, 8), src=_ITER.format(red=""))
model("iter_max", (2, 5, 8), src=_ITER.format(red="1).max("))

# ---- scatter_add_: the index no larger than src (and self apart from dim)
_SCATTER = """
class Net(nn.Module):
    def __init__(self, fin=6, hid={hid}):
        super().__init__()
        self.msg = nn.Linear(2 * fin, hid)

    def forward(self, x):
        n = x.shape[0]
        src = torch.arange(n).repeat(2)
        dst = torch.cat([torch.arange(1, n + 1) % n, torch.arange(-1, n - 1) % n])
        m = self.msg(torch.cat([x[src], x[dst]], -1))
        agg = torch.zeros(n, m.shape[-1])
        agg.scatter_add_(0, dst[:, None].expand(-1, {width}), m)
        return agg
"""
model("scatter_fits", (5, 6), src=_SCATTER.format(hid=4, width="m.shape[-1]"))
model("scatter_wide", (5, 6), src=_SCATTER.format(hid=4, width="x.shape[-1]"))
model("scatter_narrow", (5, 6), src=_SCATTER.format(hid=8, width="x.shape[-1]"))

# ---- F.cosine_similarity broadcasts x1 and x2
_COSINE = """
class Net(nn.Module):
    def __init__(self, txt={txt}):
        super().__init__()
        self.img = nn.Linear(8, 12)
        self.txt = nn.Parameter(torch.randn(5, txt))

    def forward(self, x):
        return F.cosine_similarity(self.img(x)[:, None, :], self.txt[None], dim=-1)
"""
model("cosine_same", (3, 8), src=_COSINE.format(txt=12))
model("cosine_widths", (3, 8), src=_COSINE.format(txt=10))

# ---- a | b of masks broadcasts; sdpa's mask must fit the scores
_BITOR = """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.qkv = nn.Linear(8, 24)

    def forward(self, ids):
        B, T = ids.shape
        keep = (ids != 0)[:, None, None, :] | torch.eye({n}, dtype=torch.bool)
        x = torch.randn(B, T, 8)
        q, k, v = self.qkv(x).view(B, T, 3, 2, 4).permute(2, 0, 3, 1, 4)
        return F.scaled_dot_product_attention(q, k, v, attn_mask=keep{pick})
"""
model("bitor_mask", (2, 6), "tokens", src=_BITOR.format(n="T", pick=""))
model("bitor_mask_row", (2, 6), "tokens", src=_BITOR.format(n="T", pick="[:, 0]"))
model("bitor_sizes", (2, 6), "tokens", src=_BITOR.format(n="T + 1", pick=""))

# ---- torch.tensor of numbers has its shape (a key padding mask from lengths)
_LENGTHS = """
class Net(nn.Module):
    def __init__(self, stride={stride}):
        super().__init__()
        self.sub = nn.Conv1d(8, 16, 3, stride=stride, padding=1)
        self.attn = nn.MultiheadAttention(16, 4, batch_first=True)

    def forward(self, x):
        B, T, _ = x.shape
        pad = torch.arange(T)[None, :] >= torch.tensor([T, T - 2])[:, None]
        h = self.sub(x.transpose(1, 2)).transpose(1, 2)
        return self.attn(h, h, h, key_padding_mask=pad, need_weights=False)[0]
"""
model("tensor_lengths", (2, 10, 8), src=_LENGTHS.format(stride=1))
model("tensor_lengths_strided", (2, 10, 8), src=_LENGTHS.format(stride=2))

# ---- .long() keeps the shape and is an integer tensor (torch.where wants bool)
_CAST = """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(5, 8)

    def forward(self, ids):
        mask = (ids != 0).{cast}()
        x = self.emb(ids)
        return torch.where(mask[..., None], x, torch.zeros_like(x))
"""
model("cast_bool", (2, 6), "tokens", src=_CAST.format(cast="bool"))
model("cast_long", (2, 6), "tokens", src=_CAST.format(cast="long"))

# ---- F.cross_entropy: class-index targets of the logits' shape without the class axis
_CE = """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(7, 8)
        self.head = nn.Linear(8, 7)

    def forward(self, idx):
        logits = self.head(self.emb(idx))
        targets = torch.roll(idx, -1, dims=1)
        return F.cross_entropy({args})
"""
model("ce_flat", (2, 5), "tokens", src=_CE.format(args="logits.view(-1, 7), targets.view(-1)"))
model("ce_classes_second", (2, 5), "tokens", src=_CE.format(args="logits.transpose(1, 2), targets"))
model("ce_btv", (2, 5), "tokens", src=_CE.format(args="logits, targets"))
model("ce_2d_target", (2, 5), "tokens", src=_CE.format(args="logits[:, 0], targets"))

# ---- InstanceNorm without running stats on a map of one element (every mode uses its stats)
_INORM = """
class Net(nn.Module):
    def __init__(self, n_down={n}):
        super().__init__()
        layers = []
        for _ in range(n_down):
            layers += [nn.Conv2d(4, 4, 4, stride=2, padding=1), nn.InstanceNorm2d(4)]
        self.enc = nn.Sequential(*layers)

    def forward(self, x):
        return self.enc(x)
"""
model("instnorm_2x2", (2, 4, 8, 8), src=_INORM.format(n=2))
model("instnorm_1x1", (2, 4, 8, 8), src=_INORM.format(n=3))

# ---- pad_sequence: every row fits the first row's trailing sizes (a broadcasting copy)
_PAD = """
from torch.nn.utils.rnn import pad_sequence


class Net(nn.Module):
    def __init__(self, width={width}):
        super().__init__()
        self.audio = nn.Linear(4, width)
        self.enc = nn.GRU(8, 8, batch_first=True)

    def forward(self, text):
        B = text.shape[0]
        audio = self.audio(torch.randn(B, 3, 4))
        rows = [text[i] for i in range(B)] + [audio[i] for i in range(B)]
        return self.enc(pad_sequence(rows, batch_first=True))[1]
"""
model("pad_same_width", (2, 5, 8), src=_PAD.format(width=8))
model("pad_width_one", (2, 5, 8), src=_PAD.format(width=1))
model("pad_other_width", (2, 5, 8), src=_PAD.format(width=6))

# ---- masked_scatter: the source has at least as many items as the mask's true places
_SCATTERM = """
class Net(nn.Module):
    def __init__(self, n_img={n_img}):
        super().__init__()
        self.n_img = n_img
        self.embed = nn.Embedding(10, 8)
        self.proj = nn.Linear(6, 8)

    def forward(self, ids):
        B, T = ids.shape
        emb = self.embed(ids)
        feats = self.proj(torch.randn(B, 4, 6))
        pos = torch.arange(T)[None, :]
        mask = (pos >= 1) & (pos < 1 + self.n_img)
        return emb.masked_scatter(mask[..., None], feats)
"""
model("mscatter_fits", (2, 9), "tokens", src=_SCATTERM.format(n_img=4))
model("mscatter_more_tokens", (2, 9), "tokens", src=_SCATTERM.format(n_img=6))


@pytest.mark.parametrize("name", sorted(MODELS))
def test_blocker_iff_torch_crashes(name, tmp_path, capsys):
    check_blocker_iff_crash(MODELS, HEAD, name, tmp_path, capsys)


def test_every_rule_has_both_sides(tmp_path):
    check_both_sides(MODELS, HEAD, tmp_path)


def test_size_free_without_input_shape(tmp_path, capsys):
    check_silent_without_shape(
        MODELS, HEAD, ("bincount_2d", "scatter_wide", "ce_btv", "iter_total"), tmp_path, capsys
    )


def test_integer_index_result_shapes():
    """``x[i]`` with int64 index tensors: torch's advanced-indexing result shape (tensors side
    by side replace their axes; apart, their broadcast shape goes first; ints select first)."""
    torch = pytest.importorskip("torch")
    from driftcheck.parsers.source.forward import dataflow_ranks
    from driftcheck.parsers.source.values.dataflow_values import Tens

    class F:
        input_shape = (1,)
        speculative = False
        value_facts: dict = {}
        crashes: list = []

        def crash(self, loc, msg):
            self.crashes.append(msg)

    f = F()
    x = torch.zeros(2, 3, 4, 5)
    i, j = torch.zeros(6, dtype=torch.long), torch.zeros(2, 1, dtype=torch.long)

    def idx(shape):
        t = Tens(None, shape)
        f.value_facts[id(t)] = (t, {"dtype": "int64", "long": True})
        return t

    ti, tj = idx((6,)), idx((2, 1))
    cases = [
        ((slice(None), i), (slice(None), ti)),
        ((slice(None), i, j), (slice(None), ti, tj)),
        ((i, slice(None), j), (ti, slice(None), tj)),
        ((None, slice(None), i), (None, slice(None), ti)),
        ((1, slice(None), i), (1, slice(None), ti)),
    ]
    for real, ours in cases:
        got = dataflow_ranks.tensor_index(f, Tens(None, tuple(x.shape)), list(ours), None)
        assert got is not None and got.shape == tuple(x[real].shape), (real, got)
    assert not f.crashes
