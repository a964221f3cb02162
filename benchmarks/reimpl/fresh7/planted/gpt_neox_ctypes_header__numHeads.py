"""GPT-NeoX (Pythia layout): parallel attention and MLP from two LayerNorms of the same input,
a fused query_key_value projection laid out head by head ([q, k, v] per head), rotary on the
first quarter of each head, GELU, an untied ``embed_out``. Sizes are fields of a
``ctypes.Structure``, the way a C-compatible model header (as in GGML-era converters) is
declared."""

import ctypes

import torch
import torch.nn.functional as F
from torch import nn


class NeoXHeader(ctypes.Structure):
    _fields_ = [
        ("n_vocab", ctypes.c_int32),
        ("n_ctx", ctypes.c_int32),
        ("n_embd", ctypes.c_int32),
        ("n_head", ctypes.c_int32),
        ("n_layer", ctypes.c_int32),
        ("n_ff", ctypes.c_int32),
        ("rot_pct", ctypes.c_float),
    ]


HDR = NeoXHeader(n_vocab=912, n_ctx=256, n_embd=64, n_head=8, n_layer=2, n_ff=256, rot_pct=0.25)
ROPE_BASE = 10000.0
EPS = 1e-5


class NeoXLayer(nn.Module):
    def __init__(self):
        super().__init__()
        d = HDR.n_embd
        self.input_layernorm = nn.LayerNorm(d, eps=EPS)
        self.post_attention_layernorm = nn.LayerNorm(d, eps=EPS)
        self.query_key_value = nn.Linear(d, 3 * d)
        self.dense = nn.Linear(d, d)
        self.dense_h_to_4h = nn.Linear(d, HDR.n_ff)
        self.dense_4h_to_h = nn.Linear(HDR.n_ff, d)

    def attention(self, x):
        b, t, d = x.shape
        hd = d // HDR.n_head
        rot = int(hd * HDR.rot_pct)
        qkv = self.query_key_value(x).view(b, t, HDR.n_head, 3 * hd).transpose(1, 2)
        q, k, v = qkv.split(hd, dim=-1)
        inv = 1.0 / ROPE_BASE ** (torch.arange(0, rot, 2).float() / rot)
        ang = torch.arange(t).float()[:, None] * inv
        cos, sin = torch.cat((ang, ang), -1).cos(), torch.cat((ang, ang), -1).sin()

        def rope(u):
            r, p = u[..., :rot], u[..., rot:]
            r = r * cos + torch.cat((-r[..., rot // 2 :], r[..., : rot // 2]), -1) * sin
            return torch.cat((r, p), -1)

        o = F.scaled_dot_product_attention(rope(q), rope(k), v, is_causal=True)
        return self.dense(o.transpose(1, 2).reshape(b, t, d))

    def forward(self, x):
        attn = self.attention(self.input_layernorm(x))
        mlp = self.dense_4h_to_h(F.gelu(self.dense_h_to_4h(self.post_attention_layernorm(x))))
        return x + attn + mlp


class GPTNeoX(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed_in = nn.Embedding(HDR.n_vocab, HDR.n_embd)
        self.layers = nn.ModuleList(NeoXLayer() for _ in range(HDR.n_layer))
        self.final_layer_norm = nn.LayerNorm(HDR.n_embd, eps=EPS)
        self.embed_out = nn.Linear(HDR.n_embd, HDR.n_vocab, bias=False)

    def forward(self, ids):
        x = self.embed_in(ids)
        for layer in self.layers:
            x = layer(x)
        return self.embed_out(self.final_layer_norm(x))
