"""Mistral: a frozen dataclass whose derived sizes are properties (head size, query groups,
KV width), attention by F.scaled_dot_product_attention with a sliding-window boolean mask,
GQA by repeat_interleave, rotary by complex multiplication."""

from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F


@dataclass(frozen=True)
class MistralHParams:
    vocab: int = 1000
    width: int = 64
    depth: int = 3
    n_query: int = 4
    n_kv: int = 1
    head_size: int = 16
    mlp_width: int = 224
    window: int = 96
    rope_base: float = 1000000.0
    eps: float = 1e-5
    context: int = 512

    @property
    def groups(self) -> int:
        return self.n_query // self.n_kv

    @property
    def q_width(self) -> int:
        return self.n_query * self.head_size

    @property
    def kv_width(self) -> int:
        return self.n_kv * self.head_size


HP = MistralHParams()


class RMSNorm(nn.Module):
    def __init__(self, n, eps):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(n))
        self.eps = eps

    def forward(self, x):
        return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps) * self.weight


def rotate(x, freqs):
    xc = torch.view_as_complex(x.float().reshape(*x.shape[:-1], -1, 2))
    return torch.view_as_real(xc * freqs).flatten(-2).type_as(x)


class SlidingAttention(nn.Module):
    def __init__(self, hp: MistralHParams):
        super().__init__()
        self.hp = hp
        self.q_proj = nn.Linear(hp.width, hp.q_width, bias=False)
        self.k_proj = nn.Linear(hp.width, hp.kv_width, bias=False)
        self.v_proj = nn.Linear(hp.width, hp.kv_width, bias=False)
        self.o_proj = nn.Linear(hp.q_width, hp.width, bias=False)

    def forward(self, x, freqs):
        hp = self.hp
        b, t, _ = x.shape
        q = rotate(self.q_proj(x).view(b, t, hp.n_query, hp.head_size), freqs[:t, None])
        k = rotate(self.k_proj(x).view(b, t, hp.n_kv, hp.head_size), freqs[:t, None])
        v = self.v_proj(x).view(b, t, hp.n_kv, hp.head_size)
        q, k, v = q.transpose(1, 2), k.transpose(1, 2), v.transpose(1, 2)
        k = k.repeat_interleave(hp.groups, dim=1)
        v = v.repeat_interleave(hp.groups, dim=1)
        i = torch.arange(t)
        mask = (i[None, :] <= i[:, None]) & (i[:, None] - i[None, :] < hp.window)
        y = F.scaled_dot_product_attention(q, k, v, attn_mask=mask)
        return self.o_proj(y.transpose(1, 2).reshape(b, t, hp.q_width))


class GatedMLP(nn.Module):
    def __init__(self, hp: MistralHParams):
        super().__init__()
        self.gate = nn.Linear(hp.width, hp.mlp_width, bias=False)
        self.up = nn.Linear(hp.width, hp.mlp_width, bias=False)
        self.down = nn.Linear(hp.mlp_width, hp.width, bias=False)

    def forward(self, x):
        return self.down(F.silu(self.gate(x)) * self.up(x))


class Layer(nn.Module):
    def __init__(self, hp: MistralHParams):
        super().__init__()
        self.pre_attn = RMSNorm(hp.width, hp.eps)
        self.attn = SlidingAttention(hp)
        self.pre_mlp = RMSNorm(hp.width, hp.eps)
        self.mlp = GatedMLP(hp)

    def forward(self, x, freqs):
        x = x + self.attn(self.pre_attn(x), freqs)
        return x + self.mlp(self.pre_mlp(x))


class MistralLM(nn.Module):
    def __init__(self, hp: MistralHParams = HP):
        super().__init__()
        self.embed = nn.Embedding(hp.vocab, hp.width)
        self.layers = nn.ModuleList([Layer(hp) for _ in range(hp.depth)])
        self.final_norm = RMSNorm(hp.width, hp.eps)
        self.unembed = nn.Linear(hp.width, hp.vocab, bias=False)
        inv = 1.0 / hp.rope_base ** (torch.arange(0, hp.head_size, 2).float() / hp.head_size)
        angles = torch.outer(torch.arange(hp.context).float(), inv)
        self.register_buffer("freqs", torch.polar(torch.ones_like(angles), angles), persistent=False)

    def forward(self, ids):
        x = self.embed(ids)
        for layer in self.layers:
            x = layer(x, self.freqs)
        return self.unembed(self.final_norm(x))
