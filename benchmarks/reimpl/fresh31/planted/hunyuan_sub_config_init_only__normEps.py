"""HunYuan dense port: the settings object holds two sub-configurations whose sizes are set
only in their ``__init__`` (attention, MLP), reached through properties; per-head q/k RMSNorms
after the rotary, the output tied to the embedding."""

import torch
import torch.nn as nn
import torch.nn.functional as F


class AttentionConfig:
    def __init__(self):
        self.heads = 8
        self.kv_heads = 2
        self.rope_base = 10000.0


class MLPConfig:
    def __init__(self):
        self.ratio = 2.5


class HunYuanSettings:
    def __init__(self, attention=None, mlp=None):
        self.vocab = 960
        self.hidden = 128
        self.layers = 2
        self.eps = 0.1
        self.attention = attention or AttentionConfig()
        self.mlp = mlp or MLPConfig()

    @property
    def heads(self):
        return self.attention.heads

    @property
    def kv_heads(self):
        return self.attention.kv_heads

    @property
    def rope_base(self):
        return self.attention.rope_base

    @property
    def head_dim(self):
        return self.hidden // self.heads

    @property
    def groups(self):
        return self.heads // self.kv_heads

    @property
    def mlp_width(self):
        return int(self.hidden * self.mlp.ratio)


HY = HunYuanSettings()


class RMSNorm(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(n))

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + HY.eps)


class Attn(nn.Module):
    def __init__(self):
        super().__init__()
        self.q_proj = nn.Linear(HY.hidden, HY.heads * HY.head_dim, bias=False)
        self.k_proj = nn.Linear(HY.hidden, HY.kv_heads * HY.head_dim, bias=False)
        self.v_proj = nn.Linear(HY.hidden, HY.kv_heads * HY.head_dim, bias=False)
        self.o_proj = nn.Linear(HY.heads * HY.head_dim, HY.hidden, bias=False)
        self.query_layernorm = RMSNorm(HY.head_dim)
        self.key_layernorm = RMSNorm(HY.head_dim)

    def forward(self, x, cos, sin):
        b, t, _ = x.shape
        q = self.q_proj(x).view(b, t, HY.heads, HY.head_dim).transpose(1, 2)
        k = self.k_proj(x).view(b, t, HY.kv_heads, HY.head_dim).transpose(1, 2)
        v = self.v_proj(x).view(b, t, HY.kv_heads, HY.head_dim).transpose(1, 2)
        n = HY.head_dim // 2
        q = q * cos + torch.cat((-q[..., n:], q[..., :n]), -1) * sin
        k = k * cos + torch.cat((-k[..., n:], k[..., :n]), -1) * sin
        q, k = self.query_layernorm(q), self.key_layernorm(k)
        k = k.repeat_interleave(HY.groups, 1)
        v = v.repeat_interleave(HY.groups, 1)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.o_proj(y.transpose(1, 2).flatten(2))


class Mlp(nn.Module):
    def __init__(self):
        super().__init__()
        self.gate_proj = nn.Linear(HY.hidden, HY.mlp_width, bias=False)
        self.up_proj = nn.Linear(HY.hidden, HY.mlp_width, bias=False)
        self.down_proj = nn.Linear(HY.mlp_width, HY.hidden, bias=False)

    def forward(self, x):
        return self.down_proj(F.silu(self.gate_proj(x)) * self.up_proj(x))


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        self.input_layernorm = RMSNorm(HY.hidden)
        self.self_attn = Attn()
        self.post_attention_layernorm = RMSNorm(HY.hidden)
        self.mlp = Mlp()

    def forward(self, x, cos, sin):
        x = x + self.self_attn(self.input_layernorm(x), cos, sin)
        return x + self.mlp(self.post_attention_layernorm(x))


class HunYuanDense(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed_tokens = nn.Embedding(HY.vocab, HY.hidden)
        self.layers = nn.ModuleList(Layer() for _ in range(HY.layers))
        self.norm = RMSNorm(HY.hidden)

    def forward(self, ids):
        inv = 1.0 / HY.rope_base ** (torch.arange(0, HY.head_dim, 2).float() / HY.head_dim)
        f = torch.arange(ids.shape[1]).float()[:, None] * inv
        cos, sin = torch.cat((f, f), -1).cos(), torch.cat((f, f), -1).sin()
        x = self.embed_tokens(ids)
        for layer in self.layers:
            x = layer(x, cos, sin)
        return self.norm(x) @ self.embed_tokens.weight.T
