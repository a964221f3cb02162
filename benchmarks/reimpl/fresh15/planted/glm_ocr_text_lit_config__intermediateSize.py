"""A lit-gpt style rewrite of GLM-OCR's text decoder: a Config with a name table, padded vocab."""

import math
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F

configs = [
    dict(
        name="glm-ocr-tiny",
        vocab_size=256,
        padding_multiple=64,
        n_layer=2,
        n_head=4,
        n_query_groups=2,
        n_embd=64,
        intermediate_size=192,
        rope_base=10000,
        norm_eps=1e-5,
    ),
]
name_to_config = {c["name"]: c for c in configs}


@dataclass
class Config:
    name: str = ""
    vocab_size: int = 50254
    padding_multiple: int = 512
    n_layer: int = 16
    n_head: int = 32
    n_query_groups: int = 32
    n_embd: int = 4096
    intermediate_size: int = 11008
    rope_base: int = 10000
    norm_eps: float = 1e-5

    @property
    def padded_vocab_size(self) -> int:
        return math.ceil(self.vocab_size / self.padding_multiple) * self.padding_multiple

    @property
    def head_size(self) -> int:
        return self.n_embd // self.n_head

    @classmethod
    def from_name(cls, name: str) -> "Config":
        return cls(**name_to_config[name])


class RMSNorm(nn.Module):
    def __init__(self, size, eps):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(size))
        self.eps = eps

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps)


def rope(x, base):
    t, d = x.shape[-2], x.shape[-1]
    inv = 1.0 / base ** (torch.arange(0, d, 2).float() / d)
    ang = torch.outer(torch.arange(t).float(), inv)
    ang = torch.cat([ang, ang], -1)
    x1, x2 = x[..., : d // 2], x[..., d // 2 :]
    return x * ang.cos() + torch.cat([-x2, x1], -1) * ang.sin()


class CausalSelfAttention(nn.Module):
    def __init__(self, config: Config):
        super().__init__()
        hs = config.head_size
        self.config = config
        self.q_proj = nn.Linear(config.n_embd, config.n_head * hs, bias=False)
        self.k_proj = nn.Linear(config.n_embd, config.n_query_groups * hs, bias=False)
        self.v_proj = nn.Linear(config.n_embd, config.n_query_groups * hs, bias=False)
        self.o_proj = nn.Linear(config.n_head * hs, config.n_embd, bias=False)

    def forward(self, x):
        c, (b, t, _) = self.config, x.shape
        q = self.q_proj(x).view(b, t, c.n_head, -1).transpose(1, 2)
        k = self.k_proj(x).view(b, t, c.n_query_groups, -1).transpose(1, 2)
        v = self.v_proj(x).view(b, t, c.n_query_groups, -1).transpose(1, 2)
        q, k = rope(q, c.rope_base), rope(k, c.rope_base)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        return self.o_proj(y.transpose(1, 2).reshape(b, t, -1))


class GLMMLP(nn.Module):
    def __init__(self, config: Config):
        super().__init__()
        self.gate_up_proj = nn.Linear(config.n_embd, 2 * config.intermediate_size, bias=False)
        self.down_proj = nn.Linear(config.intermediate_size, config.n_embd, bias=False)

    def forward(self, x):
        gate, up = self.gate_up_proj(x).chunk(2, -1)
        return self.down_proj(F.silu(gate) * up)


class Block(nn.Module):
    def __init__(self, config: Config):
        super().__init__()
        self.norm_1 = RMSNorm(config.n_embd, config.norm_eps)
        self.attn = CausalSelfAttention(config)
        self.post_attn_norm = RMSNorm(config.n_embd, config.norm_eps)
        self.norm_2 = RMSNorm(config.n_embd, config.norm_eps)
        self.mlp = GLMMLP(config)
        self.post_mlp_norm = RMSNorm(config.n_embd, config.norm_eps)

    def forward(self, x):
        x = x + self.post_attn_norm(self.attn(self.norm_1(x)))
        return x + self.post_mlp_norm(self.mlp(self.norm_2(x)))


class GPT(nn.Module):
    def __init__(self, config: Config = Config.from_name("glm-ocr-tiny")):  # noqa: B008
        super().__init__()
        self.config = config
        self.wte = nn.Embedding(config.padded_vocab_size, config.n_embd)
        self.h = nn.ModuleList(Block(config) for _ in range(config.n_layer))
        self.ln_f = RMSNorm(config.n_embd, config.norm_eps)

    def forward(self, idx):
        x = self.wte(idx)
        for block in self.h:
            x = block(x)
        return self.ln_f(x)
