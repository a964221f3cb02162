"""Forward-crash rules of session 14 (``forward/dataflow_checks.py``) against real torch.

Each model below is small and written here (not a corpus case). It is built and run in torch
on the input given (crash or not), and ``driftcheck check --input-shape`` must report a
blocker exactly when torch raised. Every rule has a crashing model and a clean twin that differs
only in the defect, so a rule that flags everything or nothing fails.
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


def model(name: str, shape: tuple[int, ...], kind: str = "float"):
    def deco(src: str) -> str:
        MODELS[name] = (textwrap.dedent(src), shape, kind)
        return src

    return deco


# ---- F.conv2d with a Parameter weight: groups must match the input channels
_DW = """
class Net(nn.Module):
    def __init__(self, c=12):
        super().__init__()
        self.w = nn.Parameter(torch.randn(c, 1, 3, 3))
        self.head = nn.Linear(c * 8 * 8, 4)

    def forward(self, x):
        y = F.conv2d(x, self.w, None, 1, 1, 1, {groups})
        return self.head(y.flatten(1))
"""
model("conv_groups_bad", (2, 12, 8, 8))(_DW.format(groups=4))
model("conv_groups_ok", (2, 12, 8, 8))(_DW.format(groups=12))
# the output shape F.conv2d gives is followed: a head of the wrong width after it is caught
model("conv_out_shape_bad", (2, 12, 8, 8))(_DW.format(groups=12).replace("c * 8 * 8", "c * 7 * 7"))

# ---- index_select wants a vector of indices
_IS = """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.table = nn.Parameter(torch.randn(10, 6))

    def forward(self, ids):
        return self.table.index_select(0, {index}).sum()
"""
model("index_select_2d", (2, 5), "tokens")(_IS.format(index="ids"))
model("index_select_1d", (2, 5), "tokens")(_IS.format(index="ids.flatten()"))

# ---- an LSTM's result is a tuple
_LSTM = """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.rnn = nn.LSTM(5, 7, batch_first=True)
        self.fc = nn.Linear(7, 2)

    def forward(self, x):
        out = self.rnn(x){pick}
        return self.fc(out[:, -1])
"""
model("lstm_tuple_indexed", (3, 4, 5))(_LSTM.format(pick=""))
model("lstm_first_item", (3, 4, 5))(_LSTM.format(pick="[0]"))

# ---- an RNN's hidden state: (layers * directions, batch, hidden)
_GRU = """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.gru = nn.GRU(6, 9, num_layers=2, batch_first=True, bidirectional=True)
        self.fc = nn.Linear({width}, 3)

    def forward(self, x):
        _, h = self.gru(x)
        return self.fc({feat})
"""
model("gru_last_hidden_bad", (4, 5, 6))(_GRU.format(width=18, feat="h[-1]"))
model("gru_last_hidden_ok", (4, 5, 6))(_GRU.format(width=18, feat="torch.cat([h[-2], h[-1]], 1)"))
_LSTM_H = """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.rnn = nn.LSTM(6, 9, num_layers=3)
        self.fc = nn.Linear({width}, 3)

    def forward(self, x):
        out, (h, c) = self.rnn(x)
        return self.fc(h.permute(1, 0, 2).reshape(x.shape[1], -1))
"""
model("lstm_state_ok", (5, 4, 6))(_LSTM_H.format(width=27))
model("lstm_state_bad", (5, 4, 6))(_LSTM_H.format(width=9))

# ---- nn.MultiheadAttention masks
_MHA = """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(20, 16)
        self.attn = nn.MultiheadAttention(16, 4, batch_first=True)

    def forward(self, ids):
        x = self.emb(ids)
        mask = ids == 0
        h, _ = self.attn(x, x, x, {masks})
        return h.mean()
"""
model("mha_kpm_transposed", (2, 6), "tokens")(_MHA.format(masks="key_padding_mask=mask.t()"))
model("mha_kpm_ok", (2, 6), "tokens")(_MHA.format(masks="key_padding_mask=mask"))
_MHA_X = """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.attn = nn.MultiheadAttention(16, 4, batch_first=True)
        self.mem = nn.Parameter(torch.randn(2, 5, 16))

    def forward(self, x):
        T = x.shape[1]
        S = {src}
        causal = torch.triu(torch.ones(T, S, dtype=torch.bool), 1)
        h, _ = self.attn(x, self.mem, self.mem, attn_mask=causal)
        return h
"""
model("mha_attn_mask_bad", (2, 7, 16))(_MHA_X.format(src="T"))
model("mha_attn_mask_ok", (2, 7, 16))(_MHA_X.format(src="self.mem.shape[1]"))

# ---- dtypes known at their source
_POS = """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.tok = nn.Embedding(30, 8)
        self.pos = nn.Embedding({table}, 8)

    def forward(self, ids):
        T = ids.shape[1]
        positions = {positions}
        return self.tok(ids) + self.pos(positions)
"""
model("pos_linspace", (2, 6), "tokens")(
    _POS.format(table=16, positions="torch.linspace(0, T - 1, T)")
)
model("pos_div", (2, 6), "tokens")(_POS.format(table=16, positions="torch.arange(T) / 1"))
model("pos_long", (2, 6), "tokens")(_POS.format(table=16, positions="torch.arange(T)"))
model("pos_linspace_long", (2, 6), "tokens")(
    _POS.format(table=16, positions="torch.linspace(0, T - 1, T).long()")
)
model("pos_table_short", (2, 9), "tokens")(_POS.format(table=8, positions="torch.arange(T)"))
model("pos_table_exact", (2, 8), "tokens")(_POS.format(table=8, positions="torch.arange(T)"))
model("pos_offset_short", (2, 6), "tokens")(
    _POS.format(table=8, positions="torch.arange(3, 3 + T, dtype=torch.long)")
)
_OH = """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(5, 2)

    def forward(self, ids):
        return self.fc(F.one_hot(ids, num_classes=5){cast})
"""
model("one_hot_long", (3, 4), "tokens")(_OH.format(cast=""))
model("one_hot_float", (3, 4), "tokens")(_OH.format(cast=".float()"))
model("one_hot_width", (3, 4), "tokens")(
    _OH.format(cast=".float()").replace("Linear(5", "Linear(6")
)

# ---- a tensor unpacked into names: one per item along axis 0
_QKV = """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.qkv = nn.Linear(16, 48)

    def forward(self, x):
        B, T, C = x.shape
        q, k, v = self.qkv(x).view(B, T, {parts}, 4, -1).permute(2, 0, 3, 1, 4)
        return (q @ k.transpose(-2, -1) / (q.size(-1) ** 0.5)).softmax(-1) @ v
"""
model("unpack_qkv_ok", (2, 5, 16))(_QKV.format(parts=3))
model("unpack_qkv_bad", (2, 5, 16))(
    _QKV.format(parts=2).replace("Linear(16, 48)", "Linear(16, 32)")
)

# a layer that returns a pair the graph shows as one tensor: unpacking it is not judged
model("unpack_pool_pair", (3, 2, 8, 8))(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.pool = nn.MaxPool2d(2, return_indices=True)
        self.fc = nn.Linear(2 * 4 * 4, 5)

    def forward(self, x):
        out, idx = self.pool(x)
        return self.fc(out.flatten(1))
"""
)

# ---- a padding mask broadcast against per-head scores
_PAD = """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(20, 16)
        self.qkv = nn.Linear(16, 48)

    def forward(self, ids):
        B, T = ids.shape
        q, k, v = self.qkv(self.emb(ids)).view(B, T, 3, 4, -1).permute(2, 0, 3, 1, 4)
        s = q @ k.transpose(-2, -1) / (q.size(-1) ** 0.5)
        s = s.masked_fill(ids.eq(0){mask}, float("-inf"))
        return s.softmax(-1).nan_to_num() @ v
"""
model("pad_mask_bad", (2, 6), "tokens")(_PAD.format(mask=".unsqueeze(1)"))
model("pad_mask_ok", (2, 6), "tokens")(_PAD.format(mask="[:, None, None, :]"))

# ---- assertions on sizes in forward
_ASSERT = """
class Net(nn.Module):
    def __init__(self, block_size={block}):
        super().__init__()
        self.block_size = block_size
        self.fc = nn.Linear(4, 4)

    def forward(self, x):
        b, t, c = x.size()
        assert t <= self.block_size, "sequence too long"
        return self.fc(x)
"""
model("assert_block_bad", (2, 9, 4))(_ASSERT.format(block=8))
model("assert_block_ok", (2, 8, 4))(_ASSERT.format(block=8))

# ---- complex RoPE: view_as_complex, a frequency table of the wrong width
_ROPE = """
def freqs(dim, end):
    f = 1.0 / (10000.0 ** (torch.arange(0, dim, 2)[: (dim // 2)].float() / dim))
    f = torch.outer(torch.arange(end), f).float()
    return torch.polar(torch.ones_like(f), f)


class Net(nn.Module):
    def __init__(self, dim=32, heads=4):
        super().__init__()
        self.heads = heads
        self.freqs_cis = freqs({width}, 16)

    def forward(self, x):
        B, T, C = x.shape
        xq = x.view(B, T, self.heads, -1)
        xc = torch.view_as_complex(xq.float().reshape(*xq.shape[:-1], -1, 2))
        fc = self.freqs_cis[:T]
        assert fc.shape == (xc.shape[1], xc.shape[-1])
        return torch.view_as_real(xc * fc.view(1, T, 1, -1)).flatten(3)
"""
model("rope_complex_ok", (2, 6, 32))(_ROPE.format(width="dim // heads"))
model("rope_complex_bad", (2, 6, 32))(_ROPE.format(width="dim"))

# ---- a tuple (torch.max with dim) put into torch.cat
_CAT = """
class Net(nn.Module):
    def forward(self, x):
        avg = torch.mean(x, dim=1, keepdim=True)
        mx = torch.max(x, dim=1, keepdim=True){pick}
        return torch.cat([avg, mx], dim=1)
"""
model("cat_tuple_bad", (2, 4, 5, 5))(_CAT.format(pick=""))
model("cat_tuple_ok", (2, 4, 5, 5))(_CAT.format(pick="[0]"))


@pytest.mark.parametrize("name", sorted(MODELS))
def test_blocker_iff_torch_crashes(name, tmp_path, capsys):
    check_blocker_iff_crash(MODELS, HEAD, name, tmp_path, capsys)


def test_every_rule_has_both_sides(tmp_path):
    check_both_sides(MODELS, HEAD, tmp_path)


def test_size_free_without_input_shape(tmp_path, capsys):
    check_silent_without_shape(
        MODELS,
        HEAD,
        ("pos_table_short", "lstm_tuple_indexed", "conv_groups_bad", "assert_block_bad"),
        tmp_path,
        capsys,
    )
