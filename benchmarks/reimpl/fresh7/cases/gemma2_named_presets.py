"""Gemma 2, configured as lit-gpt does: a list of named preset dicts and
``Config.from_name(name)`` picking one. Gemma 2: embeddings scaled by sqrt(width), (1 + w)
RMSNorms before and after both sublayers, sliding-window layers alternating with global ones
(even layers local), a query scale from ``query_pre_attn_scalar``, soft-capped attention
scores and logits, GeGLU (tanh), the head tied to the embeddings."""

from dataclasses import dataclass

import torch
import torch.nn.functional as F
from torch import nn

configs = [
    dict(
        name="gemma-2-2b",
        vocab_size=256000,
        n_embd=2304,
        n_layer=26,
        n_head=8,
        n_query_groups=4,
        head_size=256,
        intermediate_size=9216,
        sliding_window_size=4096,
    ),
    dict(
        name="gemma-2-tiny",
        vocab_size=640,
        n_embd=64,
        n_layer=4,
        n_head=4,
        n_query_groups=2,
        head_size=16,
        intermediate_size=128,
        sliding_window_size=16,
    ),
]


@dataclass
class Config:
    name: str
    vocab_size: int
    n_embd: int
    n_layer: int
    n_head: int
    n_query_groups: int
    head_size: int
    intermediate_size: int
    sliding_window_size: int
    attention_scores_scalar: int = 16
    attention_logit_softcapping: float = 50.0
    final_logit_softcapping: float = 30.0
    norm_eps: float = 1e-6
    rope_base: float = 10000.0

    @classmethod
    def from_name(cls, name):
        return cls(**next(c for c in configs if c["name"] == name))


class GemmaNorm(nn.Module):
    def __init__(self, n, eps):
        super().__init__()
        self.weight = nn.Parameter(torch.zeros(n))
        self.eps = eps

    def forward(self, x):
        return (x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps)) * (1.0 + self.weight)


class Attention(nn.Module):
    def __init__(self, c: Config, local: bool):
        super().__init__()
        self.c, self.local = c, local
        self.q_proj = nn.Linear(c.n_embd, c.n_head * c.head_size, bias=False)
        self.k_proj = nn.Linear(c.n_embd, c.n_query_groups * c.head_size, bias=False)
        self.v_proj = nn.Linear(c.n_embd, c.n_query_groups * c.head_size, bias=False)
        self.o_proj = nn.Linear(c.n_head * c.head_size, c.n_embd, bias=False)

    def forward(self, x, cos, sin):
        b, t, _ = x.shape
        c, hd = self.c, self.c.head_size
        q = self.q_proj(x).view(b, t, -1, hd).transpose(1, 2)
        k = self.k_proj(x).view(b, t, -1, hd).transpose(1, 2)
        v = self.v_proj(x).view(b, t, -1, hd).transpose(1, 2)
        q = q * cos + torch.cat((-q[..., hd // 2 :], q[..., : hd // 2]), -1) * sin
        k = k * cos + torch.cat((-k[..., hd // 2 :], k[..., : hd // 2]), -1) * sin
        rep = c.n_head // c.n_query_groups
        k, v = k.repeat_interleave(rep, 1), v.repeat_interleave(rep, 1)
        s = (q @ k.transpose(-1, -2)) * c.attention_scores_scalar**-0.5
        s = torch.tanh(s / c.attention_logit_softcapping) * c.attention_logit_softcapping
        delta = torch.arange(t)[:, None] - torch.arange(t)[None, :]
        ok = delta >= 0
        if self.local:
            ok = ok & (delta < c.sliding_window_size)
        s = s.masked_fill(~ok, float("-inf"))
        o = s.softmax(-1) @ v
        return self.o_proj(o.transpose(1, 2).reshape(b, t, -1))


class Block(nn.Module):
    def __init__(self, c: Config, i: int):
        super().__init__()
        self.input_layernorm = GemmaNorm(c.n_embd, c.norm_eps)
        self.self_attn = Attention(c, local=i % 2 == 0)
        self.post_attention_layernorm = GemmaNorm(c.n_embd, c.norm_eps)
        self.pre_feedforward_layernorm = GemmaNorm(c.n_embd, c.norm_eps)
        self.gate_proj = nn.Linear(c.n_embd, c.intermediate_size, bias=False)
        self.up_proj = nn.Linear(c.n_embd, c.intermediate_size, bias=False)
        self.down_proj = nn.Linear(c.intermediate_size, c.n_embd, bias=False)
        self.post_feedforward_layernorm = GemmaNorm(c.n_embd, c.norm_eps)

    def forward(self, x, cos, sin):
        x = x + self.post_attention_layernorm(self.self_attn(self.input_layernorm(x), cos, sin))
        h = self.pre_feedforward_layernorm(x)
        h = self.down_proj(F.gelu(self.gate_proj(h), approximate="tanh") * self.up_proj(h))
        return x + self.post_feedforward_layernorm(h)


class Gemma2(nn.Module):
    def __init__(self, name="gemma-2-tiny"):
        super().__init__()
        self.c = c = Config.from_name(name)
        self.embed_tokens = nn.Embedding(c.vocab_size, c.n_embd)
        self.layers = nn.ModuleList(Block(c, i) for i in range(c.n_layer))
        self.norm = GemmaNorm(c.n_embd, c.norm_eps)

    def forward(self, ids):
        c, hd = self.c, self.c.head_size
        inv = 1.0 / c.rope_base ** (torch.arange(0, hd, 2).float() / hd)
        ang = torch.arange(ids.shape[1]).float()[:, None] * inv
        cos, sin = torch.cat((ang, ang), -1).cos(), torch.cat((ang, ang), -1).sin()
        x = self.embed_tokens(ids) * torch.tensor(c.n_embd**0.5)
        for layer in self.layers:
            x = layer(x, cos, sin)
        logits = self.norm(x) @ self.embed_tokens.weight.T
        return torch.tanh(logits / c.final_logit_softcapping) * c.final_logit_softcapping
