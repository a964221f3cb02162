"""Forward-crash rules of session 21c (fresh13's dev part: stores into a list of sizes, and
the new classes) against real torch.

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
# ---- a store into a list of sizes (``list.__setitem__``) changes what ``view`` gets
lin(
    "liststore_slice_bad",
    L,
    "s = list(h.shape)\n        s[-1:] = [3, -1]\n        return self.mix(h.view(s))",
)
lin(
    "liststore_item_bad",
    L,
    "s = list(h.shape)\n        s[-1] = 8\n        return self.mix(h.view(s + [-1]))",
)
lin(
    "liststore_ok_slice",
    L,
    "s = list(h.shape)\n        s[-1:] = [4, -1]\n        return self.mix(h.view(s))",
)
lin(
    "liststore_ok_item",
    L,
    "s = list(h.shape)\n        s[-1] = 4\n        s.append(-1)\n        return self.mix(h.view(s))",
)
lin(
    "liststore_ok_mid",
    L,
    "s = list(h.shape)\n        s[1:2] = [5, 1]\n        return self.mix(h.view(s)[..., :6])",
)
lin(
    "liststore_ok_alias",
    L,
    "s = list(h.shape)\n        t = s\n        t[2] = 4\n        return self.mix(h.view(*s, -1))",
)


# ---- a torch layer where torch takes a tensor
_EMB = "self.emb = nn.Embedding(10, 24)"
lin("modarg_linear", L, "return F.linear(h, self.emb)", _EMB)
lin("modarg_matmul", L, "return torch.matmul(h, self.emb)", _EMB)
lin("modarg_method", L, "return h.matmul(self.proj)")
lin("modarg_at", L, "return h @ self.proj")
lin("modarg_rmul", L, "return self.proj * h")
lin("modarg_ok_weight", L, "return F.linear(h, self.emb.weight)", _EMB)
lin("modarg_ok_matmul", L, "return torch.matmul(h, self.emb.weight.t()) + h @ self.proj.weight")
lin("modarg_ok_call", L, "return self.proj(h) * h")
# ---- MultiheadAttention returns a tuple (output, weights)
_MHA = "self.attn = nn.MultiheadAttention(24, 4, batch_first=True)"
lin("tupleattr_mha", L, "out = self.attn(h, h, h)\n        return out.mean(1)", _MHA)
lin(
    "tupleattr_ok_mha",
    L,
    "out = self.attn(h, h, h)\n        return out[0].mean(1) * len(out)",
    _MHA,
)
lin("tupleattr_ok_unpack", L, "out, w = self.attn(h, h, h)\n        return out.mean(1)", _MHA)


# ---- scatter's src with another dtype than self
_IDX = "idx = (h[:, :3].abs() * 4).long().clamp(max=5)\n        out = torch.zeros(3, 6)\n        "
lin("scattersrc_ones_like", L, _IDX + "return out.scatter_(1, idx[0], torch.ones_like(idx[0]))")
lin("scattersrc_bool", L, _IDX + "return out.scatter(1, idx[0], idx[0] >= 0)")
lin("scattersrc_add_fn", L, _IDX + "return torch.scatter_add(out, 1, idx[0], idx[0] > 1)")
lin(
    "scattersrc_ok_float",
    L,
    _IDX + "return out.scatter_add_(1, idx[0], torch.ones_like(idx[0], dtype=torch.float))",
)
lin(
    "scattersrc_ok_number",
    L,
    _IDX + "return out.scatter_(1, idx[0], 1.0) + out.scatter(1, idx[0], value=2)",
)
lin("scattersrc_ok_cast", L, _IDX + "return out.scatter_(1, idx[0], (idx[0] >= 0).float())")


# ---- a fill value float16 cannot hold
_TRIL = "self.register_buffer('causal', torch.tril(torch.ones(5, 5, dtype=torch.bool)))"
_S = "q, k = h.half().chunk(2, -1)\n        s = (q @ k.transpose(-1, -2)) * 0.25\n        "
lin("fillhalf_chunk", L, _S + "return s.masked_fill(~self.causal, -1e9).float()", _TRIL)
lin(
    "fillhalf_zeros",
    L,
    "b = torch.zeros(2, 5, dtype=torch.float16).masked_fill(h[..., 0] > 0, -1e5)\n        return h + b[..., None].float()",
)
lin("fillhalf_to", L, "return h.to(torch.float16).fill_(70000).float()")
lin("fillhalf_ok_float", L, _S + "return s.float().masked_fill(~self.causal, -1e9)", _TRIL)
lin(
    "fillhalf_ok_finfo",
    L,
    _S
    + "return s.masked_fill(~self.causal, -6e4).float() + s.masked_fill(~self.causal, float('-inf')).float()",
    _TRIL,
)
lin(
    "fillhalf_ok_mixed",
    L,
    "s = h.half() @ h.transpose(-1, -2).half()\n        return (s.float() * 2).masked_fill(s > 0, -1e9)",
)


# ---- the kind of an RNN's initial state: a GRU takes a tensor, an LSTM a pair
def net(name: str, shape: tuple[int, ...], layers: str, body: str) -> None:
    model(
        name,
        shape,
        f"""
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        {layers}

    def forward(self, x):
        {body}
""",
    )


R = (2, 7, 16)
_ENC = "self.enc = nn.LSTM(16, 24, batch_first=True)\n        "
net(
    "rnnstate_gru_tuple",
    R,
    _ENC + "self.dec = nn.GRU(16, 24, batch_first=True)",
    "_, s = self.enc(x)\n        return self.dec(x, s)[0]",
)
net(
    "rnnstate_lstm_h",
    R,
    _ENC + "self.dec = nn.LSTM(16, 24, batch_first=True)",
    "_, (h, c) = self.enc(x)\n        return self.dec(x, h)[0]",
)
net(
    "rnnstate_lstmcell_tensor",
    R,
    "self.cell = nn.LSTMCell(16, 24)",
    "return self.cell(x[:, 0], torch.zeros(2, 24))[0]",
)
net(
    "rnnstate_grucell_tuple",
    R,
    "self.cell = nn.GRUCell(16, 24)",
    "return self.cell(x[:, 0], (torch.zeros(2, 24),))",
)
net(
    "rnnstate_ok_gru",
    R,
    _ENC + "self.dec = nn.GRU(16, 24, batch_first=True)",
    "_, (h, c) = self.enc(x)\n        return self.dec(x, h)[0]",
)
net(
    "rnnstate_ok_lstm",
    R,
    _ENC + "self.dec = nn.LSTM(16, 24, batch_first=True)",
    "_, s = self.enc(x)\n        return self.dec(x, s)[0] + self.dec(x, [s[0], s[1]])[0]",
)
net(
    "rnnstate_ok_cell",
    R,
    "self.cell = nn.LSTMCell(16, 24)",
    "h = torch.zeros(2, 24)\n        return self.cell(x[:, 0], (h, h))[0] + self.cell(x[0, 0], h)[0]",
)
net(
    "rnnstate_ok_grucell",
    R,
    "self.cell = nn.GRUCell(16, 24)",
    "return self.cell(x[:, 0], torch.zeros(2, 24))",
)


# ---- matrix products do not promote dtypes; integer maps do not interpolate
_ADJ = "adj = torch.cdist(h[0], h[0]) < 1.0\n        "
lin("matmuldtype_bool_at", L, _ADJ + "return adj @ h[0]")
lin("matmuldtype_bool_mm", L, _ADJ + "return torch.mm(h[0].t(), adj)")
lin(
    "matmuldtype_long_method",
    L,
    "i = h[0].argmax(-1, keepdim=True)\n        return h[0].t().matmul(i)",
)
lin("matmuldtype_ok_cast", L, _ADJ + "return adj.float() @ h[0] + adj.to(h.dtype) @ h[0]")
lin("matmuldtype_ok_long", L, "i = h[0].argmax(-1, keepdim=True)\n        return (i.t() @ i) * h")
C = (2, 3, 8, 8)
_SEG = "self.conv = nn.Conv2d(3, 4, 1)"
net(
    "interpint_argmax",
    C,
    _SEG,
    "lab = self.conv(x).argmax(1, keepdim=True)\n        return F.interpolate(lab, scale_factor=2)",
)
net(
    "interpint_long_bilinear",
    C,
    _SEG,
    "lab = self.conv(x).long()\n        return F.interpolate(lab, size=(16, 16), mode='bilinear')",
)
net("interpint_bool", C, _SEG, "return F.interpolate(self.conv(x) > 0, scale_factor=2)")
net(
    "interpint_ok_float",
    C,
    _SEG,
    "lab = self.conv(x).argmax(1, keepdim=True)\n        return F.interpolate(lab.float(), scale_factor=2).long()",
)
net(
    "interpint_ok_uint8",
    C,
    _SEG,
    "return F.interpolate((self.conv(x) > 0).to(torch.uint8), scale_factor=2)",
)
# ---- an integer sum (``one_hot(ids).sum(1)``) is int64: softmax refuses it
_OH = "ids = self.conv(x).argmax(1).flatten(1)\n        counts = F.one_hot(ids, 5).sum(1)\n        "
net("intsum_softmax", C, _SEG, _OH + "return counts.softmax(-1)")
net("intsum_bool", C, _SEG, "m = (self.conv(x) > 0).sum(1)\n        return torch.softmax(m, -1)")
net(
    "intsum_ok_float",
    C,
    _SEG,
    _OH
    + "return counts.float().softmax(-1) + counts.sum(-1, dtype=torch.float)[:, None].softmax(-1)",
)


# ---- a ``math`` function of a tensor of more than one element
for _n, _b in (
    ("mathtensor_exp", "return h * math.exp(-torch.arange(24) / 24)"),
    ("mathtensor_pow", "return h * math.pow(2.0, -h[0, 0])"),
    ("mathtensor_ok_torch", "return h * torch.exp(-math.log(1e4) * torch.arange(24) / 24)"),
    ("mathtensor_ok_one", "return h * math.exp(-h[0, 0, :1].abs())"),
):
    lin(_n, L, _b)
    MODELS[_n] = ("import math\n" + MODELS[_n][0], *MODELS[_n][1:])


# ---- ``math.pi`` is a number: a product with it keeps the tensor's shape
for _n, _b in (
    ("mathconst_pi", "return self.mix(h * math.pi)"),
    ("mathconst_ok_pi", "return self.mix(h[..., :6] * math.pi + math.e)"),
):
    lin(_n, L, _b)
    MODELS[_n] = ("import math\n" + MODELS[_n][0], *MODELS[_n][1:])


# ---- a decoder layer's tgt and memory share the batch axis
_DEC = "self.dec = nn.TransformerDecoder(nn.TransformerDecoderLayer(24, 4, 32{bf}), 2)"
_MEM = "mem = torch.cat([h, h], 1)\n        "
lin("decbatch_seq_first", L, _MEM + "return self.dec(h, mem)", _DEC.format(bf=""))
lin(
    "decbatch_layer",
    L,
    _MEM + "return self.dec.layers[0](h, mem[:1])",
    _DEC.format(bf=", batch_first=True"),
)
lin("decbatch_ok_bf", L, _MEM + "return self.dec(h, mem)", _DEC.format(bf=", batch_first=True"))
lin(
    "decbatch_ok_seq",
    L,
    _MEM + "return self.dec(h.transpose(0, 1), mem.transpose(0, 1))",
    _DEC.format(bf=""),
)


@pytest.mark.parametrize("name", sorted(MODELS))
def test_blocker_iff_torch_crashes(name, tmp_path, capsys):
    check_blocker_iff_crash(MODELS, HEAD, name, tmp_path, capsys)


def test_every_rule_has_both_sides(tmp_path):
    check_both_sides(MODELS, HEAD, tmp_path)


def test_size_free_without_input_shape(tmp_path, capsys):
    check_silent_without_shape(MODELS, HEAD, ("liststore_slice_bad",), tmp_path, capsys)
