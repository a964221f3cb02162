"""Qwen3 (per-head q/k RMSNorms, a head size wider than width / heads, tied head); the depth is
the number of "attn" entries in the block plan (tuple.count)."""

import torch.nn.functional as F
from torch import nn

PLAN = ("embed", "attn", "attn", "attn", "norm", "head")
N_LAYERS = PLAN.count("attn")
VOCAB, D, HEADS, KV, HEAD_DIM, FFN = 384, 64, 4, 2, 32, 256


class Qwen3Attention(nn.Module):
    def __init__(self):
        super().__init__()
        self.q_proj = nn.Linear(D, HEADS * HEAD_DIM, bias=False)
        self.k_proj = nn.Linear(D, KV * HEAD_DIM, bias=False)
        self.v_proj = nn.Linear(D, KV * HEAD_DIM, bias=False)
        self.o_proj = nn.Linear(HEADS * HEAD_DIM, D, bias=False)
        self.q_norm = nn.RMSNorm(HEAD_DIM, eps=1e-6)
        self.k_norm = nn.RMSNorm(HEAD_DIM, eps=1e-6)

    def forward(self, x):
        b, t, _ = x.shape
        q = self.q_norm(self.q_proj(x).view(b, t, HEADS, HEAD_DIM)).transpose(1, 2)
        k = self.k_norm(self.k_proj(x).view(b, t, KV, HEAD_DIM)).transpose(1, 2)
        v = self.v_proj(x).view(b, t, KV, HEAD_DIM).transpose(1, 2)
        o = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        return self.o_proj(o.transpose(1, 2).reshape(b, t, -1))


class Qwen3MLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.gate_proj = nn.Linear(D, FFN, bias=False)
        self.up_proj = nn.Linear(D, FFN, bias=False)
        self.down_proj = nn.Linear(FFN, D, bias=False)

    def forward(self, x):
        return self.down_proj(F.silu(self.gate_proj(x)) * self.up_proj(x))


class Qwen3Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.self_attn, self.mlp = Qwen3Attention(), Qwen3MLP()
        self.input_layernorm = nn.RMSNorm(D, eps=1e-6)
        self.post_attention_layernorm = nn.RMSNorm(D, eps=1e-6)

    def forward(self, x):
        x = x + self.self_attn(self.input_layernorm(x))
        return x + self.mlp(self.post_attention_layernorm(x))


class Qwen3(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed_tokens = nn.Embedding(VOCAB, D)
        self.layers = nn.ModuleList(Qwen3Block() for _ in range(N_LAYERS))
        self.norm = nn.RMSNorm(D, eps=1e-6)

    def forward(self, ids):
        x = self.embed_tokens(ids)
        for layer in self.layers:
            x = layer(x)
        return self.norm(x) @ self.embed_tokens.weight.T
