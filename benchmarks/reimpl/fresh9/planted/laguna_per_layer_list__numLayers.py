"""Laguna (tiny, dense MLPs) where every layer is described by its own dict in ``LAYERS``:
heads may differ per layer, as Laguna's config allows. Attention has q/k norms and a per-head
sigmoid output gate (``g_proj``)."""

import torch
import torch.nn.functional as F
from torch import nn

VOCAB, HIDDEN, HEAD_DIM, EPS = 704, 64, 16, 1e-6
LAYERS = [dict(heads=4, kv_heads=2, ffn=160) for _ in range(3)]


class GatedHeadAttention(nn.Module):
    def __init__(self, heads, kv_heads):
        super().__init__()
        self.heads, self.kv_heads = heads, kv_heads
        self.q_proj = nn.Linear(HIDDEN, heads * HEAD_DIM, bias=False)
        self.k_proj = nn.Linear(HIDDEN, kv_heads * HEAD_DIM, bias=False)
        self.v_proj = nn.Linear(HIDDEN, kv_heads * HEAD_DIM, bias=False)
        self.o_proj = nn.Linear(heads * HEAD_DIM, HIDDEN, bias=False)
        self.q_norm = nn.RMSNorm(HEAD_DIM, eps=EPS)
        self.k_norm = nn.RMSNorm(HEAD_DIM, eps=EPS)
        self.g_proj = nn.Linear(HIDDEN, heads, bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        q = self.q_norm(self.q_proj(x).view(b, t, self.heads, HEAD_DIM)).transpose(1, 2)
        k = self.k_norm(self.k_proj(x).view(b, t, self.kv_heads, HEAD_DIM)).transpose(1, 2)
        v = self.v_proj(x).view(b, t, self.kv_heads, HEAD_DIM).transpose(1, 2)
        o = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        gate = torch.sigmoid(self.g_proj(x)).transpose(1, 2).unsqueeze(-1)
        return self.o_proj((o * gate).transpose(1, 2).reshape(b, t, -1))


class DenseMLP(nn.Module):
    def __init__(self, ffn):
        super().__init__()
        self.gate_proj = nn.Linear(HIDDEN, ffn, bias=False)
        self.up_proj = nn.Linear(HIDDEN, ffn, bias=False)
        self.down_proj = nn.Linear(ffn, HIDDEN, bias=False)

    def forward(self, x):
        return self.down_proj(F.silu(self.gate_proj(x)) * self.up_proj(x))


class LagunaLayer(nn.Module):
    def __init__(self, spec):
        super().__init__()
        self.input_layernorm = nn.RMSNorm(HIDDEN, eps=EPS)
        self.self_attn = GatedHeadAttention(spec["heads"], spec["kv_heads"])
        self.post_attention_layernorm = nn.RMSNorm(HIDDEN, eps=EPS)
        self.mlp = DenseMLP(spec["ffn"])

    def forward(self, x):
        x = x + self.self_attn(self.input_layernorm(x))
        return x + self.mlp(self.post_attention_layernorm(x))


class Laguna(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed_tokens = nn.Embedding(VOCAB, HIDDEN)
        self.layers = nn.ModuleList([LagunaLayer(spec) for spec in LAYERS])
        self.norm = nn.RMSNorm(HIDDEN, eps=EPS)
        self.lm_head = nn.Linear(HIDDEN, VOCAB, bias=False)

    def forward(self, ids):
        x = self.embed_tokens(ids)
        for layer in self.layers:
            x = layer(x)
        return self.lm_head(self.norm(x))
