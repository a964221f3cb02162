"""Forward-crash rules of session 17 (``forward/dataflow_axes.py``) against real torch.

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


# ---- torch.roll: one shift per dim
_ROLL = """
class Net(nn.Module):
    def __init__(self, shift=2):
        super().__init__()
        self.shift = shift
        self.fc = nn.Linear(8, 4)

    def forward(self, x):
        h = torch.roll(x, shifts=(self.shift, self.shift), dims={dims})
        return self.fc(h)
"""
model("roll_aligned", (2, 6, 6, 8), src=_ROLL.format(dims="(1, 2)"))
model("roll_one_dim", (2, 6, 6, 8), src=_ROLL.format(dims="(1,)"))
model("roll_no_dims", (2, 6, 6, 8), src=_ROLL.format(dims="None"))

# ---- Tensor.narrow: the crop must fit the clip (start counted from the clip's middle)
_NARROW = """
class Net(nn.Module):
    def __init__(self, crop=400):
        super().__init__()
        self.crop = crop
        self.conv = nn.Conv1d(1, 4, 9, stride=4)

    def forward(self, wav):
        offset = {offset}
        return self.conv(wav.narrow(-1, offset, self.crop).unsqueeze(1)).mean(-1)
"""
model("narrow_fits", (2, 800), src=_NARROW.format(offset="wav.shape[-1] // 2"))
model("narrow_past_end", (2, 600), src=_NARROW.format(offset="wav.shape[-1] // 2"))
model("narrow_short", (2, 300), src=_NARROW.format(offset="0"))
model("narrow_negative_start", (2, 500), src=_NARROW.format(offset="-450"))

# ---- torch.tensordot: contracted axes agree
_TDOT = """
class Net(nn.Module):
    def __init__(self, n_tokens={n}, dim=12):
        super().__init__()
        self.mix = nn.Parameter(torch.randn(n_tokens, n_tokens) * 0.02)
        self.fc = nn.Linear(dim, 3)

    def forward(self, x):
        y = torch.tensordot(x, self.mix, dims=([1], [0]))
        return self.fc(y.transpose(1, 2))
"""
model("tensordot_tokens", (2, 10, 12), src=_TDOT.format(n=10))
model("tensordot_wrong_axis", (2, 10, 12), src=_TDOT.format(n=12))

# ---- repeat_interleave with a tensor of repeats: one per item of the axis
_REP = """
class Net(nn.Module):
    def __init__(self, n={n}):
        super().__init__()
        self.register_buffer("dur", torch.arange(n) % 3 + 1)
        self.fc = nn.Linear(16, 4)

    def forward(self, x):
        return self.fc(x[0].repeat_interleave(self.dur, dim=0))
"""
model("repeat_per_token", (1, 7, 16), src=_REP.format(n=7))
model("repeat_too_many", (1, 7, 16), src=_REP.format(n=9))

# ---- torch.linalg.solve: B has A's rows (a vector B: A's shape less its last axis)
_SOLVE = """
class Net(nn.Module):
    def __init__(self, n_points={n}):
        super().__init__()
        self.feat = nn.Linear(6, 8)
        self.targets = nn.Parameter(torch.randn({targets}))

    def forward(self, x):
        z = self.feat(x)
        K = torch.exp(-torch.cdist(z, z) ** 2) + 0.1 * torch.eye(z.shape[0])
        return torch.linalg.solve(K, self.targets)
"""
model("solve_rows", (10, 6), src=_SOLVE.format(n=10, targets="n_points, 2"))
model("solve_vector", (10, 6), src=_SOLVE.format(n=10, targets="n_points"))
model("solve_fewer_rows", (10, 6), src=_SOLVE.format(n=7, targets="n_points, 2"))
model("solve_short_vector", (10, 6), src=_SOLVE.format(n=7, targets="n_points"))

# ---- bool(tensor): an early exit on a batch's confidence
_BOOL = """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList(nn.Linear(8, 8) for _ in range(3))
        self.head = nn.Linear(8, 4)

    def forward(self, x):
        for layer in self.layers:
            x = torch.relu(layer(x))
            conf = self.head(x).softmax(-1).max(-1).values
            if {test}:
                break
        return self.head(x)
"""
model("bool_batch", (4, 8), src=_BOOL.format(test="conf > 0.99"))
model("bool_one_item", (1, 8), src=_BOOL.format(test="conf > 0.99"))
model("bool_reduced", (4, 8), src=_BOOL.format(test="conf.min() > 0.99"))

# ---- torch.max(x, dim).values: the named pair's items (a PointNet transform)
_NAMED = """
class TNet(nn.Module):
    def __init__(self, k):
        super().__init__()
        self.k = k
        self.conv = nn.Conv1d(k, 16, 1)
        self.fc = nn.Linear(16, k * k)

    def forward(self, x):
        h = self.conv(x).max(-1).values
        return self.fc(h).view(-1, self.k, self.k) + torch.eye(self.k)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.tnet = TNet(3)
        self.conv = nn.Conv1d(3, 8, 1)

    def forward(self, x):
        t = self.tnet(x)
        x = {product}
        return self.conv(x).max(-1).indices
"""
model(
    "named_transposed",
    (2, 3, 20),
    src=_NAMED.format(product="torch.bmm(x.transpose(1, 2), t).transpose(1, 2)"),
)
model("named_points_first", (2, 3, 20), src=_NAMED.format(product="torch.bmm(x, t)"))

# ---- nn.GroupNorm / nn.MultiheadAttention built in forward, sized by the input
_LAZY_GN = """
class Net(nn.Module):
    def __init__(self, groups=4):
        super().__init__()
        self.groups = groups
        self.norm = None

    def forward(self, x):
        if self.norm is None:
            self.norm = nn.GroupNorm(self.groups, x.shape[1])
        return self.norm(x)
"""
model("lazy_gn_divides", (2, 8, 5, 5), src=_LAZY_GN)
model("lazy_gn_rgb", (2, 3, 5, 5), src=_LAZY_GN)
_LAZY_MHA = """
class Net(nn.Module):
    def __init__(self, heads={heads}):
        super().__init__()
        self.heads = heads
        self.attn = None

    def forward(self, x):
        if self.attn is None:
            self.attn = nn.MultiheadAttention(x.shape[-1], self.heads, batch_first=True)
        return self.attn(x, x, x)[0]
"""
model("lazy_mha_heads4", (2, 5, 24), src=_LAZY_MHA.format(heads=4))
model("lazy_mha_heads5", (2, 5, 24), src=_LAZY_MHA.format(heads=5))

# ---- torch.cat of a list the code's own filter leaves empty
_CAT = """
class Net(nn.Module):
    def __init__(self, keep={keep}):
        super().__init__()
        self.keep = keep
        self.stages = nn.ModuleList(nn.Linear(6, 6) for _ in range(3))

    def forward(self, x):
        outs = []
        for stage in self.stages:
            x = stage(x)
            outs.append(x)
        return torch.cat([o for i, o in enumerate(outs) if i in self.keep], dim=1)
"""
model("cat_some", (2, 6), src=_CAT.format(keep=(1, 2)))
model("cat_none", (2, 6), src=_CAT.format(keep=(3, 4)))

# ---- F.one_hot of positions: arange(T) must stay below num_classes
_ONEHOT = """
class Net(nn.Module):
    def __init__(self, max_len=12):
        super().__init__()
        self.max_len = max_len
        self.tok = nn.Embedding(10, 8)
        self.pos = nn.Linear(max_len, 8)

    def forward(self, idx):
        pos = F.one_hot(torch.arange(idx.shape[1]), num_classes=self.max_len).float()
        return self.tok(idx) + self.pos(pos)
"""
model("onehot_fits", (2, 12), "tokens", src=_ONEHOT)
model("onehot_too_long", (2, 14), "tokens", src=_ONEHOT)

# ---- torch.stft: the window has win_length items (a window made in forward)
_STFT = """
class Net(nn.Module):
    def __init__(self, n_fft=64, win_length=48):
        super().__init__()
        self.n_fft, self.win_length = n_fft, win_length
        self.fc = nn.Linear(33, 4)

    def forward(self, wav):
        win = torch.hann_window({size})
        spec = torch.stft(wav, self.n_fft, hop_length=16, win_length=self.win_length,
                          window=win, return_complex=True)
        return self.fc(spec.abs().mean(-1))
"""
model("stft_win_length", (2, 400), src=_STFT.format(size="self.win_length"))
model("stft_nfft_window", (2, 400), src=_STFT.format(size="self.n_fft"))

# the window a buffer made in ``__init__`` (``torch.hann_window`` and kin: ``(n,)``)
_STFT_BUF = """
class Net(nn.Module):
    def __init__(self, n_fft=64, win_length=48):
        super().__init__()
        self.n_fft, self.win_length = n_fft, win_length
        self.register_buffer("window", torch.{kind}_window({size}, periodic=False))
        self.fc = nn.Linear(33, 4)

    def forward(self, wav):
        spec = torch.stft(wav, self.n_fft, hop_length=16, win_length=self.win_length,
                          window=self.window, return_complex=True)
        return self.fc(spec.abs().mean(-1))
"""
model("stft_buffer_win_length", (2, 400), src=_STFT_BUF.format(kind="hann", size="win_length"))
model("stft_buffer_nfft", (2, 400), src=_STFT_BUF.format(kind="hamming", size="n_fft"))

# ---- masked_fill / where take boolean masks: a float buffer mask (``1 - ones``)
_MASK = """
class Net(nn.Module):
    def __init__(self, n=16):
        super().__init__()
        self.register_buffer("keep", torch.ones(n, n))
        self.fc = nn.Linear(8, 8)

    def forward(self, x):
        T = x.shape[1]
        att = x @ x.transpose(1, 2)
        att = {fill}
        return self.fc(att.softmax(-1) @ x)
"""
model(
    "mask_bool",
    (2, 6, 8),
    src=_MASK.format(fill='att.masked_fill(self.keep[:T, :T] == 0, float("-inf"))'),
)
model(
    "mask_float",
    (2, 6, 8),
    src=_MASK.format(fill='att.masked_fill(1 - self.keep[:T, :T], float("-inf"))'),
)
model(
    "mask_where_float",
    (2, 6, 8),
    src=_MASK.format(fill="torch.where(self.keep[:T, :T] * 2, att, 0.0)"),
)

# a GPT causal mask: ``torch.tril(torch.ones(n, n)).view(1, 1, n, n)`` is float32
_TRIL = """
class Net(nn.Module):
    def __init__(self, n=16):
        super().__init__()
        self.register_buffer("bias", torch.tril(torch.ones(n, n)).view(1, 1, n, n){cast})
        self.fc = nn.Linear(8, 8)

    def forward(self, x):
        T = x.shape[1]
        att = (x @ x.transpose(1, 2)).unsqueeze(1)
        att = att.masked_fill({mask}, float("-inf"))
        return self.fc(att.squeeze(1).softmax(-1) @ x)
"""
model(
    "mask_tril_compared", (2, 6, 8), src=_TRIL.format(cast="", mask="self.bias[:, :, :T, :T] == 0")
)
model(
    "mask_tril_bool", (2, 6, 8), src=_TRIL.format(cast=".bool()", mask="~self.bias[:, :, :T, :T]")
)
model("mask_tril_float", (2, 6, 8), src=_TRIL.format(cast="", mask="1 - self.bias[:, :, :T, :T]"))

# ---- a module attribute __init__ sets only under a condition (decided False)
_ATTR = """
class Block(nn.Module):
    def __init__(self, d, use_norm):
        super().__init__()
        if use_norm:
            self.norm = nn.LayerNorm(d)
        self.ff = nn.Linear(d, d)

    def forward(self, x):
        return x + self.ff(self.norm(x))


class Net(nn.Module):
    def __init__(self, use_norm={use_norm}):
        super().__init__()
        self.block = Block(8, use_norm)

    def forward(self, x):
        return self.block(x)
"""
model("attr_set", (2, 8), src=_ATTR.format(use_norm=True))
model("attr_never_set", (2, 8), src=_ATTR.format(use_norm=False))


@pytest.mark.parametrize("name", sorted(MODELS))
def test_blocker_iff_torch_crashes(name, tmp_path, capsys):
    check_blocker_iff_crash(MODELS, HEAD, name, tmp_path, capsys)


def test_every_rule_has_both_sides(tmp_path):
    check_both_sides(MODELS, HEAD, tmp_path)


def test_size_free_without_input_shape(tmp_path, capsys):
    check_silent_without_shape(
        MODELS, HEAD, ("narrow_past_end", "roll_one_dim", "attr_never_set"), tmp_path, capsys
    )
