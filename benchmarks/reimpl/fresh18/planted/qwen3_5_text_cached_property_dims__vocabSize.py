"""Qwen3.5-style text hybrid, own re-write: a gated-delta-net layer then a full-attention layer
whose query projection also yields a sigmoid output gate (q_proj is 2x wide). Every derived width
is a functools.cached_property on the settings object."""

from functools import cached_property

import torch
import torch.nn.functional as F
from torch import nn


class Settings:
    vocab = 320
    d_model = 64
    ffn = 128
    n_heads = 4
    n_kv_heads = 2
    head_dim = 16
    lin_k_heads = 2
    lin_v_heads = 4
    lin_head_dim = 16
    conv_kernel = 4
    kinds = ("delta", "attn")

    @cached_property
    def q_out(self):
        return 2 * self.n_heads * self.head_dim  # query and its output gate

    @cached_property
    def kv_out(self):
        return self.n_kv_heads * self.head_dim

    @cached_property
    def lin_qkv(self):
        return (2 * self.lin_k_heads + self.lin_v_heads) * self.lin_head_dim

    @cached_property
    def lin_v(self):
        return self.lin_v_heads * self.lin_head_dim


S = Settings()


class Norm(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(n))

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-6)


class GatedDelta(nn.Module):
    def __init__(self):
        super().__init__()
        self.qkv = nn.Linear(S.d_model, S.lin_qkv, bias=False)
        self.z = nn.Linear(S.d_model, S.lin_v, bias=False)
        self.beta = nn.Linear(S.d_model, S.lin_v_heads, bias=False)
        self.alpha = nn.Linear(S.d_model, S.lin_v_heads, bias=False)
        self.conv = nn.Conv1d(S.lin_qkv, S.lin_qkv, S.conv_kernel, groups=S.lin_qkv, bias=False)
        self.dt_bias = nn.Parameter(torch.ones(S.lin_v_heads))
        self.A_log = nn.Parameter(torch.zeros(S.lin_v_heads))
        self.out_norm = Norm(S.lin_head_dim)
        self.out = nn.Linear(S.lin_v, S.d_model, bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        h = F.pad(self.qkv(x).transpose(1, 2), (S.conv_kernel - 1, 0))
        h = F.silu(self.conv(h)).transpose(1, 2)
        kd = S.lin_k_heads * S.lin_head_dim
        q, k, v = h.split([kd, kd, S.lin_v], -1)
        g = -self.A_log.exp() * F.softplus(self.alpha(x) + self.dt_bias)
        w = (torch.sigmoid(self.beta(x)) * g.exp()).repeat_interleave(S.lin_head_dim, -1)
        score = (q * k).sum(-1, keepdim=True)
        y = torch.cumsum(w * score * v, 1).view(b, t, S.lin_v_heads, -1)
        return self.out((self.out_norm(y).flatten(-2)) * F.silu(self.z(x)))


class GatedAttention(nn.Module):
    def __init__(self):
        super().__init__()
        self.q = nn.Linear(S.d_model, S.q_out, bias=False)
        self.k = nn.Linear(S.d_model, S.kv_out, bias=False)
        self.v = nn.Linear(S.d_model, S.kv_out, bias=False)
        self.o = nn.Linear(S.q_out // 2, S.d_model, bias=False)
        self.q_norm, self.k_norm = Norm(S.head_dim), Norm(S.head_dim)

    def forward(self, x):
        b, t, _ = x.shape
        q, gate = self.q(x).view(b, t, S.n_heads, 2 * S.head_dim).chunk(2, -1)
        q = self.q_norm(q).transpose(1, 2)
        k = self.k_norm(self.k(x).view(b, t, S.n_kv_heads, -1)).transpose(1, 2)
        v = self.v(x).view(b, t, S.n_kv_heads, -1).transpose(1, 2)
        o = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True).transpose(1, 2)
        return self.o((o * torch.sigmoid(gate)).reshape(b, t, -1))


class Layer(nn.Module):
    def __init__(self, kind):
        super().__init__()
        self.n1, self.n2 = Norm(S.d_model), Norm(S.d_model)
        self.mix = GatedDelta() if kind == "delta" else GatedAttention()
        self.gate = nn.Linear(S.d_model, S.ffn, bias=False)
        self.up = nn.Linear(S.d_model, S.ffn, bias=False)
        self.down = nn.Linear(S.ffn, S.d_model, bias=False)

    def forward(self, x):
        x = x + self.mix(self.n1(x))
        y = self.n2(x)
        return x + self.down(F.silu(self.gate(y)) * self.up(y))


class Qwen35Text(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(S.vocab, S.d_model)
        self.layers = nn.ModuleList(Layer(k) for k in S.kinds)
        self.norm = Norm(S.d_model)

    def forward(self, ids):
        x = self.embed(ids)
        for layer in self.layers:
            x = layer(x)
        return self.norm(x)
