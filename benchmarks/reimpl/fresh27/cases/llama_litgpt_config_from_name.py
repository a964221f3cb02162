"""A tiny Llama in lit-gpt's style: a ``Config`` dataclass (lit-gpt's field names: ``n_embd``,
``n_query_groups``, ``padded_vocab_size``, ``rope_base``, a ``__post_init__`` filling the
defaults) and a ``configs`` list of named presets (Llama-2-7B's and the tiny debug run's) looked
up by ``Config.from_name``; the model reads the sizes through Hugging Face names. Grouped
key/value heads, rotary positions, SwiGLU, RMSNorm, untied output."""

from __future__ import annotations

from dataclasses import dataclass
from types import SimpleNamespace

import torch
import torch.nn.functional as F
from torch import nn


@dataclass
class Config:
    name: str = ""
    block_size: int = 4096
    vocab_size: int = 32000
    padded_vocab_size: int | None = None
    n_layer: int = 32
    n_head: int = 32
    n_embd: int = 4096
    n_query_groups: int | None = None
    intermediate_size: int = 11008
    norm_eps: float = 1e-5
    rope_base: int = 10000

    def __post_init__(self) -> None:
        if self.padded_vocab_size is None:
            self.padded_vocab_size = self.vocab_size
        if self.n_query_groups is None:
            self.n_query_groups = self.n_head

    @classmethod
    def from_name(cls, name: str, **kwargs) -> Config:
        conf_dict = dict(name_to_config[name], **kwargs)
        return cls(**conf_dict)


configs = [
    dict(name="Llama-2-7b-hf", block_size=4096, vocab_size=32000, n_layer=32, n_embd=4096),
    dict(
        name="tiny-llama-debug",
        block_size=128,
        padded_vocab_size=96,
        n_layer=2,
        n_head=4,
        n_query_groups=2,
        n_embd=64,
        intermediate_size=160,
        norm_eps=1e-05,
        rope_base=10000,
    ),
]
name_to_config = {c["name"]: c for c in configs}
config = Config.from_name("tiny-llama-debug")
cfg = SimpleNamespace(
    vocab_size=config.padded_vocab_size,
    hidden_size=config.n_embd,
    intermediate_size=config.intermediate_size,
    num_hidden_layers=config.n_layer,
    num_attention_heads=config.n_head,
    num_key_value_heads=config.n_query_groups,
    rms_norm_eps=config.norm_eps,
    rope_theta=float(config.rope_base),
    rope_scaling=None,
)


class RMSNorm(nn.Module):
    def __init__(self, dim: int) -> None:
        super().__init__()
        self.weight = nn.Parameter(torch.ones(dim))

    def forward(self, x):
        return self.weight * (x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + cfg.rms_norm_eps))


class Attention(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        d = cfg.hidden_size
        self.h, self.kv = cfg.num_attention_heads, cfg.num_key_value_heads
        self.hd = d // self.h
        self.q = nn.Linear(d, self.h * self.hd, bias=False)
        self.k = nn.Linear(d, self.kv * self.hd, bias=False)
        self.v = nn.Linear(d, self.kv * self.hd, bias=False)
        self.o = nn.Linear(self.h * self.hd, d, bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        inv = 1.0 / (cfg.rope_theta ** (torch.arange(0, self.hd, 2).float() / self.hd))
        ang = torch.outer(torch.arange(t).float(), inv).repeat(1, 2)
        cos, sin = ang.cos(), ang.sin()

        def rot(z):
            half = z.shape[-1] // 2
            return z * cos + torch.cat([-z[..., half:], z[..., :half]], -1) * sin

        q = rot(self.q(x).view(b, t, self.h, self.hd).transpose(1, 2))
        k = rot(self.k(x).view(b, t, self.kv, self.hd).transpose(1, 2))
        v = self.v(x).view(b, t, self.kv, self.hd).transpose(1, 2)
        k = k.repeat_interleave(self.h // self.kv, 1)
        v = v.repeat_interleave(self.h // self.kv, 1)
        mask = torch.ones(t, t, dtype=torch.bool).tril()
        o = F.scaled_dot_product_attention(q, k, v, attn_mask=mask)
        return self.o(o.transpose(1, 2).reshape(b, t, -1))


class MLP(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        d, f = cfg.hidden_size, cfg.intermediate_size
        self.gate = nn.Linear(d, f, bias=False)
        self.up = nn.Linear(d, f, bias=False)
        self.down = nn.Linear(f, d, bias=False)

    def forward(self, x):
        return self.down(F.silu(self.gate(x)) * self.up(x))


class Layer(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.attn_norm = RMSNorm(cfg.hidden_size)
        self.attn = Attention()
        self.mlp_norm = RMSNorm(cfg.hidden_size)
        self.mlp = MLP()

    def forward(self, x):
        x = x + self.attn(self.attn_norm(x))
        return x + self.mlp(self.mlp_norm(x))


class LlamaTarball(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.embed = nn.Embedding(cfg.vocab_size, cfg.hidden_size)
        self.layers = nn.ModuleList(Layer() for _ in range(cfg.num_hidden_layers))
        self.norm = RMSNorm(cfg.hidden_size)
        self.head = nn.Linear(cfg.hidden_size, cfg.vocab_size, bias=False)

    def forward(self, ids):
        x = self.embed(ids)
        for layer in self.layers:
            x = layer(x)
        return self.head(self.norm(x))
