"""An UltraBERT encoder in the lit-gpt style: a ``Config`` dataclass whose ``from_name`` looks the
model up in a table of named configs; bidirectional attention, alternating local/global layers
with their own RoPE bases."""

from dataclasses import dataclass, field

import torch
import torch.nn as nn
import torch.nn.functional as F

configs = [
    dict(
        name="ultrabert-tiny",
        vocab_size=256,
        n_embd=64,
        n_layer=3,
        n_head=4,
        n_query_groups=2,
        head_size=16,
        intermediate_size=128,
        local_base=10000.0,
        global_base=160000.0,
        local_window=256,
        global_every=2,
        norm_eps=1e-5,
    ),
    dict(
        name="ultrabert-base",
        vocab_size=32000,
        n_embd=768,
        n_layer=12,
        n_head=12,
        n_query_groups=12,
        head_size=64,
        intermediate_size=3072,
        local_base=10000.0,
        global_base=160000.0,
        local_window=128,
        global_every=3,
        norm_eps=1e-6,
    ),
]
name_to_config = {c["name"]: c for c in configs}


@dataclass
class Config:
    name: str = ""
    vocab_size: int = 0
    n_embd: int = 0
    n_layer: int = 0
    n_head: int = 0
    n_query_groups: int = 0
    head_size: int = 0
    intermediate_size: int = 0
    local_base: float = 0.0
    global_base: float = 0.0
    local_window: int = 0
    global_every: int = 0
    norm_eps: float = 0.0
    extra: dict = field(default_factory=dict)

    @classmethod
    def from_name(cls, name, **kwargs):
        return cls(**{**name_to_config[name], **kwargs})


class Attention(nn.Module):
    def __init__(self, c, is_global):
        super().__init__()
        self.c, self.is_global = c, is_global
        self.q_proj = nn.Linear(c.n_embd, c.n_head * c.head_size, bias=False)
        self.k_proj = nn.Linear(c.n_embd, c.n_query_groups * c.head_size, bias=False)
        self.v_proj = nn.Linear(c.n_embd, c.n_query_groups * c.head_size, bias=False)
        self.o_proj = nn.Linear(c.n_head * c.head_size, c.n_embd, bias=False)

    def forward(self, x):
        c = self.c
        B, T, _ = x.shape
        hs = c.head_size
        base = c.global_base if self.is_global else c.local_base
        inv = 1.0 / base ** (torch.arange(0, hs, 2).float() / hs)
        a = torch.arange(T).float()[:, None] * inv
        a = torch.cat([a, a], -1)

        def rot(t):
            return t * a.cos() + torch.cat([-t[..., hs // 2 :], t[..., : hs // 2]], -1) * a.sin()

        q = rot(self.q_proj(x).view(B, T, c.n_head, hs).transpose(1, 2))
        k = rot(self.k_proj(x).view(B, T, c.n_query_groups, hs).transpose(1, 2))
        v = self.v_proj(x).view(B, T, c.n_query_groups, hs).transpose(1, 2)
        mask = None
        if not self.is_global:
            i = torch.arange(T)
            mask = (i[:, None] - i[None]).abs() < c.local_window
        o = F.scaled_dot_product_attention(q, k, v, attn_mask=mask, enable_gqa=True)
        return self.o_proj(o.transpose(1, 2).reshape(B, T, -1))


class MLP(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.gate_proj = nn.Linear(c.n_embd, c.intermediate_size, bias=False)
        self.up_proj = nn.Linear(c.n_embd, c.intermediate_size, bias=False)
        self.down_proj = nn.Linear(c.intermediate_size, c.n_embd, bias=False)

    def forward(self, x):
        return self.down_proj(F.silu(self.gate_proj(x)) * self.up_proj(x))


class Block(nn.Module):
    def __init__(self, c, i):
        super().__init__()
        self.input_layernorm = nn.RMSNorm(c.n_embd, eps=c.norm_eps)
        self.self_attn = Attention(c, (i + 1) % c.global_every == 0)
        self.post_attention_layernorm = nn.RMSNorm(c.n_embd, eps=c.norm_eps)
        self.mlp = MLP(c)

    def forward(self, x):
        x = x + self.self_attn(self.input_layernorm(x))
        return x + self.mlp(self.post_attention_layernorm(x))


class UltraBert(nn.Module):
    def __init__(self, config=None):
        super().__init__()
        config = config or Config.from_name("ultrabert-tiny")
        self.embed_tokens = nn.Embedding(config.vocab_size, config.n_embd)
        self.layers = nn.ModuleList(Block(config, i) for i in range(config.n_layer))
        self.norm = nn.RMSNorm(config.n_embd, eps=config.norm_eps)

    def forward(self, ids):
        x = self.embed_tokens(ids)
        for layer in self.layers:
            x = layer(x)
        return self.norm(x)
