"""Hierarchical reasoning LM (a high-level and a low-level recurrent stack), ported from our paper
repo. No norm weights (parameter-free RMSNorm after each residual), a sigmoid output gate in every
attention, a learned initial low-level state."""

from dataclasses import dataclass

import torch
import torch.nn.functional as F
from torch import nn


@dataclass
class HRMConfig:
    vocab_size: int = 320
    hidden_size: int = 64
    num_heads: int = 4
    head_dim: int = 16
    expansion_hidden: int = 128
    H_layers: int = 2
    L_layers: int = 2
    H_cycles: int = 2
    L_cycles: int = 3
    rms_norm_eps: float = 1e-6


def rms(x, eps):
    return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + eps)


class GatedAttention(nn.Module):
    def __init__(self, c: HRMConfig):
        super().__init__()
        inner = c.num_heads * c.head_dim
        self.n, self.d = c.num_heads, c.head_dim
        self.q_proj = nn.Linear(c.hidden_size, inner, bias=False)
        self.k_proj = nn.Linear(c.hidden_size, inner, bias=False)
        self.v_proj = nn.Linear(c.hidden_size, inner, bias=False)
        self.gate_proj = nn.Linear(c.hidden_size, inner, bias=False)
        self.o_proj = nn.Linear(inner, c.hidden_size, bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        q, k, v = (
            p(x).view(b, t, self.n, self.d).transpose(1, 2)
            for p in (self.q_proj, self.k_proj, self.v_proj)
        )
        o = F.scaled_dot_product_attention(q, k, v).transpose(1, 2).reshape(b, t, -1)
        return self.o_proj(o * torch.sigmoid(self.gate_proj(x)))


class SwiGLU(nn.Module):
    def __init__(self, c: HRMConfig):
        super().__init__()
        self.gate_proj = nn.Linear(c.hidden_size, c.expansion_hidden, bias=False)
        self.up_proj = nn.Linear(c.hidden_size, c.expansion_hidden, bias=False)
        self.down_proj = nn.Linear(c.expansion_hidden, c.hidden_size, bias=False)

    def forward(self, x):
        return self.down_proj(F.silu(self.gate_proj(x)) * self.up_proj(x))


class HRMBlock(nn.Module):
    def __init__(self, c: HRMConfig):
        super().__init__()
        self.eps = c.rms_norm_eps
        self.self_attn = GatedAttention(c)
        self.mlp = SwiGLU(c)

    def forward(self, x):
        x = rms(x + self.self_attn(x), self.eps)
        return rms(x + self.mlp(x), self.eps)


class ReasoningModule(nn.Module):
    def __init__(self, c: HRMConfig, depth: int):
        super().__init__()
        self.layers = nn.ModuleList(HRMBlock(c) for _ in range(depth))

    def forward(self, z, inj):
        z = z + inj
        for layer in self.layers:
            z = layer(z)
        return z


class HierarchicalReasoningLM(nn.Module):
    def __init__(self, c: HRMConfig | None = None):
        super().__init__()
        c = c or HRMConfig()
        self.c = c
        self.z_L_init = nn.Parameter(torch.zeros(c.hidden_size))
        self.embed_tokens = nn.Embedding(c.vocab_size, c.hidden_size)
        self.L_module = ReasoningModule(c, c.L_layers)
        self.H_module = ReasoningModule(c, c.H_layers)

    def forward(self, ids):
        x = self.embed_tokens(ids)
        z_h = x
        z_l = self.z_L_init.expand_as(x)
        for _ in range(self.c.H_cycles):
            for _ in range(self.c.L_cycles):
                z_l = self.L_module(z_l, z_h + x)
            z_h = self.H_module(z_h, z_l)
        return z_h
