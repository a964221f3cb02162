"""OLMo 3, ported from a research notebook run with papermill: the sizes are the notebook's
cell tagged ``parameters`` (papermill's convention: the cell it injects overrides after), read
here from the notebook's JSON with each ``name = value`` line evaluated as a literal. The layer
list (three sliding-window layers then one full) is laid out by hand; post-norms inside the
residual (OLMo 2 style) and q/k RMSNorm over the full projection width before the heads are
split."""

import ast
import json

import torch
import torch.nn.functional as F
from torch import nn

NOTEBOOK = json.loads(
    r"""
{
  "nbformat": 4,
  "nbformat_minor": 5,
  "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3"}},
  "cells": [
    {"cell_type": "markdown", "metadata": {}, "source": ["# OLMo 3 tiny: ablation run"]},
    {
      "cell_type": "code",
      "metadata": {"tags": ["parameters"]},
      "source": [
        "vocab_size = 640\n",
        "d_model = 64\n",
        "d_ff = 160\n",
        "n_heads = 4\n",
        "n_kv_heads = 2\n",
        "rope_theta = 500000.0\n",
        "eps = 1e-6\n",
        "window = 16\n",
        "n_sliding = 3\n"
      ]
    },
    {"cell_type": "code", "metadata": {}, "source": ["model = build(**locals())"]}
  ]
}
"""
)
_CELL = next(c for c in NOTEBOOK["cells"] if "parameters" in c["metadata"].get("tags", []))
P = {
    name.strip(): ast.literal_eval(value.strip())
    for name, value in (line.split("=", 1) for line in _CELL["source"])
}
VOCAB = P["vocab_size"]
D_MODEL = P["d_model"]
D_FF = P["d_ff"]
N_HEADS = P["n_heads"]
N_KV_HEADS = P["n_kv_heads"]
HEAD_DIM = D_MODEL // N_HEADS
ROPE_THETA = P["rope_theta"]
EPS = P["eps"]
LAYERS = [{"kind": "sliding", "window": P["window"]}] * P["n_sliding"] + [
    {"kind": "full", "window": None}
]


class RMSNorm(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(n))

    def forward(self, x):
        xf = x.float()
        return self.weight * (xf * torch.rsqrt(xf.pow(2).mean(-1, keepdim=True) + EPS)).to(x.dtype)


class Attention(nn.Module):
    def __init__(self, window):
        super().__init__()
        self.window = window
        self.q_proj = nn.Linear(D_MODEL, N_HEADS * HEAD_DIM, bias=False)
        self.k_proj = nn.Linear(D_MODEL, N_KV_HEADS * HEAD_DIM, bias=False)
        self.v_proj = nn.Linear(D_MODEL, N_KV_HEADS * HEAD_DIM, bias=False)
        self.o_proj = nn.Linear(N_HEADS * HEAD_DIM, D_MODEL, bias=False)
        self.q_norm = RMSNorm(N_HEADS * HEAD_DIM)
        self.k_norm = RMSNorm(N_KV_HEADS * HEAD_DIM)

    def forward(self, x):
        b, t, _ = x.shape
        q = self.q_norm(self.q_proj(x)).view(b, t, N_HEADS, HEAD_DIM).transpose(1, 2)
        k = self.k_norm(self.k_proj(x)).view(b, t, N_KV_HEADS, HEAD_DIM).transpose(1, 2)
        v = self.v_proj(x).view(b, t, N_KV_HEADS, HEAD_DIM).transpose(1, 2)
        inv = ROPE_THETA ** (-torch.arange(0, HEAD_DIM, 2).float() / HEAD_DIM)
        ang = torch.arange(t).float()[:, None] * inv
        ang = torch.cat((ang, ang), -1)

        def rot(z):
            z1, z2 = z.chunk(2, -1)
            return z * ang.cos() + torch.cat((-z2, z1), -1) * ang.sin()

        i = torch.arange(t)
        allowed = i[None, :] <= i[:, None]
        if self.window:
            allowed = allowed & (i[:, None] - i[None, :] < self.window)
        o = F.scaled_dot_product_attention(rot(q), rot(k), v, attn_mask=allowed, enable_gqa=True)
        return self.o_proj(o.transpose(1, 2).reshape(b, t, -1))


class Layer(nn.Module):
    def __init__(self, kind, window):
        super().__init__()
        self.kind = kind
        self.self_attn = Attention(window if kind == "sliding" else None)
        self.post_attention_layernorm = RMSNorm(D_MODEL)
        self.gate_proj = nn.Linear(D_MODEL, D_FF, bias=False)
        self.up_proj = nn.Linear(D_MODEL, D_FF, bias=False)
        self.down_proj = nn.Linear(D_FF, D_MODEL, bias=False)
        self.post_feedforward_layernorm = RMSNorm(D_MODEL)

    def forward(self, x):
        x = x + self.post_attention_layernorm(self.self_attn(x))
        h = self.down_proj(F.silu(self.gate_proj(x)) * self.up_proj(x))
        return x + self.post_feedforward_layernorm(h)


class Olmo3(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed_tokens = nn.Embedding(VOCAB, D_MODEL)
        self.layers = nn.ModuleList(Layer(**spec) for spec in LAYERS)
        self.norm = RMSNorm(D_MODEL)
        self.lm_head = nn.Linear(D_MODEL, VOCAB, bias=False)

    def forward(self, ids):
        x = self.embed_tokens(ids)
        for layer in self.layers:
            x = layer(x)
        return self.lm_head(self.norm(x))
