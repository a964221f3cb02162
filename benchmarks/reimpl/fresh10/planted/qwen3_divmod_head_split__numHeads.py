"""Qwen3 whose head counts are derived from projection widths with ``divmod`` (the author
thought in widths, not heads); per-head q/k RMS norms over an explicit head size."""

import torch
import torch.nn.functional as F
from torch import nn

VOCAB = 512
HIDDEN = 64
HEAD_DIM = 32
Q_WIDTH = 256
KV_WIDTH = 64
N_HEADS, _q_rest = divmod(Q_WIDTH, HEAD_DIM)
N_KV, _kv_rest = divmod(KV_WIDTH, HEAD_DIM)
assert _q_rest == _kv_rest == 0
FFN = 160
LAYERS = 2
THETA = 1000000.0
EPS = 1e-6


class RMSNorm(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(n))

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + EPS)


def rope(x):
    t = x.shape[-2]
    inv = THETA ** (-torch.arange(0, HEAD_DIM, 2).float() / HEAD_DIM)
    f = torch.outer(torch.arange(t).float(), inv).repeat(1, 2)
    a, b = x.chunk(2, -1)
    return x * f.cos() + torch.cat((-b, a), -1) * f.sin()


class Attention(nn.Module):
    def __init__(self):
        super().__init__()
        self.q_proj = nn.Linear(HIDDEN, Q_WIDTH, bias=False)
        self.k_proj = nn.Linear(HIDDEN, KV_WIDTH, bias=False)
        self.v_proj = nn.Linear(HIDDEN, KV_WIDTH, bias=False)
        self.o_proj = nn.Linear(Q_WIDTH, HIDDEN, bias=False)
        self.q_norm, self.k_norm = RMSNorm(HEAD_DIM), RMSNorm(HEAD_DIM)

    def forward(self, x):
        b, t, _ = x.shape
        q = self.q_norm(self.q_proj(x).view(b, t, N_HEADS, HEAD_DIM)).transpose(1, 2)
        k = self.k_norm(self.k_proj(x).view(b, t, N_KV, HEAD_DIM)).transpose(1, 2)
        v = self.v_proj(x).view(b, t, N_KV, HEAD_DIM).transpose(1, 2)
        o = F.scaled_dot_product_attention(rope(q), rope(k), v, is_causal=True, enable_gqa=True)
        return self.o_proj(o.transpose(1, 2).reshape(b, t, Q_WIDTH))


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        self.input_layernorm = RMSNorm(HIDDEN)
        self.self_attn = Attention()
        self.post_attention_layernorm = RMSNorm(HIDDEN)
        self.gate_proj = nn.Linear(HIDDEN, FFN, bias=False)
        self.up_proj = nn.Linear(HIDDEN, FFN, bias=False)
        self.down_proj = nn.Linear(FFN, HIDDEN, bias=False)

    def forward(self, x):
        x = x + self.self_attn(self.input_layernorm(x))
        h = self.post_attention_layernorm(x)
        return x + self.down_proj(F.silu(self.gate_proj(h)) * self.up_proj(h))


class Qwen3(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed_tokens = nn.Embedding(VOCAB, HIDDEN)
        self.layers = nn.ModuleList([Layer() for _ in range(LAYERS)])
        self.norm = RMSNorm(HIDDEN)

    def forward(self, ids):
        x = self.embed_tokens(ids)
        for layer in self.layers:
            x = layer(x)
        return self.norm(x) @ self.embed_tokens.weight.T
