"""A code-world-model style decoder: local (sliding window) layers with a global layer every
fourth block, GQA, SwiGLU. Hyper-parameters live in a typing.NamedTuple (immutable, and
``_replace`` gives variants)."""

import math
from typing import NamedTuple

import torch
import torch.nn as nn
import torch.nn.functional as F


class Hparams(NamedTuple):
    vocab: int = 512
    dim: int = 64
    n_layers: int = 4
    n_heads: int = 4
    n_kv_heads: int = 2
    head_dim: int = 16
    ffn_dim: int = 160
    window: int = 32
    global_every: int = 4
    theta: float = 1000000.0
    eps: float = 1e-5


class RMSNorm(nn.Module):
    def __init__(self, dim: int, eps: float):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(dim))

    def forward(self, x):
        x32 = x.float()
        x32 = x32 * torch.rsqrt(x32.pow(2).mean(-1, keepdim=True) + self.eps)
        return self.weight * x32.type_as(x)


def rotate(x, cos, sin):
    a, b = x.chunk(2, dim=-1)
    return x * cos + torch.cat((-b, a), dim=-1) * sin


class Attention(nn.Module):
    def __init__(self, hp: Hparams, local: bool):
        super().__init__()
        self.hp, self.local = hp, local
        self.q_proj = nn.Linear(hp.dim, hp.n_heads * hp.head_dim, bias=False)
        self.k_proj = nn.Linear(hp.dim, hp.n_kv_heads * hp.head_dim, bias=False)
        self.v_proj = nn.Linear(hp.dim, hp.n_kv_heads * hp.head_dim, bias=False)
        self.o_proj = nn.Linear(hp.n_heads * hp.head_dim, hp.dim, bias=False)

    def forward(self, x, cos, sin):
        hp = self.hp
        b, t, _ = x.shape
        q = self.q_proj(x).view(b, t, hp.n_heads, hp.head_dim).transpose(1, 2)
        k = self.k_proj(x).view(b, t, hp.n_kv_heads, hp.head_dim).transpose(1, 2)
        v = self.v_proj(x).view(b, t, hp.n_kv_heads, hp.head_dim).transpose(1, 2)
        q, k = rotate(q, cos, sin), rotate(k, cos, sin)
        rep = hp.n_heads // hp.n_kv_heads
        k, v = k.repeat_interleave(rep, 1), v.repeat_interleave(rep, 1)
        i = torch.arange(t, device=x.device)
        allowed = i[None, :] <= i[:, None]
        if self.local:
            allowed &= i[:, None] - i[None, :] < hp.window
        att = (q @ k.transpose(-1, -2)) / math.sqrt(hp.head_dim)
        att = att.masked_fill(~allowed, float("-inf")).softmax(-1)
        return self.o_proj((att @ v).transpose(1, 2).reshape(b, t, -1))


class Block(nn.Module):
    def __init__(self, hp: Hparams, idx: int):
        super().__init__()
        self.input_layernorm = RMSNorm(hp.dim, hp.eps)
        self.self_attn = Attention(hp, local=idx % hp.global_every != 0)
        self.post_attention_layernorm = RMSNorm(hp.dim, hp.eps)
        self.gate_proj = nn.Linear(hp.dim, hp.ffn_dim, bias=False)
        self.up_proj = nn.Linear(hp.dim, hp.ffn_dim, bias=False)
        self.down_proj = nn.Linear(hp.ffn_dim, hp.dim, bias=False)

    def forward(self, x, cos, sin):
        x = x + self.self_attn(self.input_layernorm(x), cos, sin)
        h = self.post_attention_layernorm(x)
        return x + self.down_proj(F.silu(self.gate_proj(h)) * self.up_proj(h))


class CwmLM(nn.Module):
    def __init__(self, hp: Hparams = Hparams()):  # noqa: B008
        super().__init__()
        self.hp = hp
        self.embed_tokens = nn.Embedding(hp.vocab, hp.dim)
        self.layers = nn.ModuleList(Block(hp, i) for i in range(hp.n_layers))
        self.norm = RMSNorm(hp.dim, hp.eps)
        self.lm_head = nn.Linear(hp.dim, hp.vocab, bias=False)

    def forward(self, ids):
        t = ids.shape[1]
        inv = 1.0 / self.hp.theta ** (
            torch.arange(0, self.hp.head_dim, 2).float() / self.hp.head_dim
        )
        ang = torch.outer(torch.arange(t).float(), inv)
        ang = torch.cat((ang, ang), -1)
        cos, sin = ang.cos(), ang.sin()
        x = self.embed_tokens(ids)
        for layer in self.layers:
            x = layer(x, cos, sin)
        return self.lm_head(self.norm(x))
