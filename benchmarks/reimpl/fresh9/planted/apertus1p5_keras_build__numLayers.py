"""Apertus 1.5 (tiny text model) ported from a Keras-style code base: each layer records its
sizes in ``__init__`` and creates its weights in ``build(input_dim)``, which the parent calls
once the input width is known. The MLP is ungated with a learned xIELU activation (two scalar
parameters), attention has q/k norms, and the norms are named after the sublayer they precede."""

import torch
import torch.nn.functional as F
from torch import nn

VOCAB = 576
HIDDEN = 64
NUM_LAYERS = 3
NUM_HEADS = 4
NUM_KV_HEADS = 2
FFN = 256
EPS = 1e-5


class XIELU(nn.Module):
    def build(self):
        self.alpha_p = nn.Parameter(torch.tensor([0.8]))
        self.alpha_n = nn.Parameter(torch.tensor([0.8]))
        return self

    def forward(self, x):
        ap, an = F.softplus(self.alpha_p), 0.5 + F.softplus(self.alpha_n)
        pos = ap * x * x + 0.5 * x
        neg = (torch.expm1(torch.clamp(x, max=-1e-6)) - x) * an + 0.5 * x
        return torch.where(x > 0, pos, neg)


class Attention(nn.Module):
    def __init__(self, heads, kv_heads):
        super().__init__()
        self.heads, self.kv_heads = heads, kv_heads

    def build(self, input_dim):
        self.hd = input_dim // self.heads
        self.q_proj = nn.Linear(input_dim, self.heads * self.hd, bias=False)
        self.k_proj = nn.Linear(input_dim, self.kv_heads * self.hd, bias=False)
        self.v_proj = nn.Linear(input_dim, self.kv_heads * self.hd, bias=False)
        self.o_proj = nn.Linear(self.heads * self.hd, input_dim, bias=False)
        self.q_norm = nn.RMSNorm(self.hd, eps=EPS)
        self.k_norm = nn.RMSNorm(self.hd, eps=EPS)
        return self

    def forward(self, x):
        b, t, _ = x.shape
        q = self.q_norm(self.q_proj(x).view(b, t, self.heads, self.hd)).transpose(1, 2)
        k = self.k_norm(self.k_proj(x).view(b, t, self.kv_heads, self.hd)).transpose(1, 2)
        v = self.v_proj(x).view(b, t, self.kv_heads, self.hd).transpose(1, 2)
        o = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        return self.o_proj(o.transpose(1, 2).reshape(b, t, -1))


class MLP(nn.Module):
    def __init__(self, units):
        super().__init__()
        self.units = units

    def build(self, input_dim):
        self.up_proj = nn.Linear(input_dim, self.units, bias=False)
        self.down_proj = nn.Linear(self.units, input_dim, bias=False)
        self.act_fn = XIELU().build()
        return self

    def forward(self, x):
        return self.down_proj(self.act_fn(self.up_proj(x)))


class DecoderLayer(nn.Module):
    def __init__(self):
        super().__init__()
        self.attention = Attention(NUM_HEADS, NUM_KV_HEADS)
        self.mlp = MLP(FFN)

    def build(self, input_dim):
        self.attention_layernorm = nn.RMSNorm(input_dim, eps=EPS)
        self.attention.build(input_dim)
        self.feedforward_layernorm = nn.RMSNorm(input_dim, eps=EPS)
        self.mlp.build(input_dim)
        return self

    def forward(self, x):
        x = x + self.attention(self.attention_layernorm(x))
        return x + self.mlp(self.feedforward_layernorm(x))


class Apertus1p5(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed_tokens = nn.Embedding(VOCAB, HIDDEN)
        self.layers = nn.ModuleList([DecoderLayer().build(HIDDEN) for _ in range(NUM_LAYERS)])
        self.norm = nn.RMSNorm(HIDDEN, eps=EPS)
        self.lm_head = nn.Linear(HIDDEN, VOCAB, bias=False)

    def forward(self, ids):
        x = self.embed_tokens(ids)
        for layer in self.layers:
            x = layer(x)
        return self.lm_head(self.norm(x))
