"""GPT-J in the lit-gpt manner: a Config dataclass filled from a table of named
configurations by Config.from_name, one layer norm feeding attention and MLP in parallel,
interleaved rotary on the first rotary_dim dims of each head, a biased untied head."""

from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F

configs = [
    dict(
        name="gptj-tiny",
        vocab_size=640,
        block_size=256,
        n_embd=64,
        n_layer=2,
        n_head=4,
        rotary_dim=8,
        n_inner=192,
        norm_eps=1e-5,
    ),
    dict(
        name="gptj-6b",
        vocab_size=50400,
        block_size=2048,
        n_embd=4096,
        n_layer=28,
        n_head=16,
        rotary_dim=64,
        n_inner=16384,
        norm_eps=1e-5,
    ),
]
name_to_config = {c["name"]: c for c in configs}


@dataclass
class Config:
    name: str = ""
    vocab_size: int = 50400
    block_size: int = 2048
    n_embd: int = 4096
    n_layer: int = 28
    n_head: int = 16
    rotary_dim: int = 64
    n_inner: int = 16384
    norm_eps: float = 1e-5

    @classmethod
    def from_name(cls, name: str, **kwargs) -> "Config":
        return cls(**{**name_to_config[name], **kwargs})

    @property
    def head_size(self) -> int:
        return self.n_embd // self.n_head


def rotate_every_two(x):
    x1, x2 = x[..., ::2], x[..., 1::2]
    return torch.stack((-x2, x1), dim=-1).flatten(-2)


class CausalSelfAttention(nn.Module):
    def __init__(self, config: Config):
        super().__init__()
        self.config = config
        c = config.n_embd
        self.q_proj = nn.Linear(c, c, bias=False)
        self.k_proj = nn.Linear(c, c, bias=False)
        self.v_proj = nn.Linear(c, c, bias=False)
        self.out_proj = nn.Linear(c, c, bias=False)
        r = config.rotary_dim
        inv = 1.0 / 10000 ** (torch.arange(0, r, 2).float() / r)
        f = torch.outer(torch.arange(config.block_size).float(), inv).repeat_interleave(2, -1)
        self.register_buffer("cos", f.cos(), persistent=False)
        self.register_buffer("sin", f.sin(), persistent=False)

    def forward(self, x):
        cfg = self.config
        b, t, c = x.shape
        q, k, v = (
            torch.einsum("btc,oc->bto", x, m.weight).view(b, t, cfg.n_head, cfg.head_size)
            for m in (self.q_proj, self.k_proj, self.v_proj)
        )
        r = cfg.rotary_dim
        cos, sin = self.cos[:t, None], self.sin[:t, None]
        q = torch.cat([q[..., :r] * cos + rotate_every_two(q[..., :r]) * sin, q[..., r:]], -1)
        k = torch.cat([k[..., :r] * cos + rotate_every_two(k[..., :r]) * sin, k[..., r:]], -1)
        att = torch.einsum("bqhd,bkhd->bhqk", q, k) / cfg.head_size**0.5
        mask = torch.ones(t, t, dtype=torch.bool).tril()
        att = att.masked_fill(~mask, float("-inf")).softmax(-1)
        y = torch.einsum("bhqk,bkhd->bqhd", att, v).reshape(b, t, c)
        return torch.einsum("btc,oc->bto", y, self.out_proj.weight)


class MLP(nn.Module):
    def __init__(self, config: Config):
        super().__init__()
        self.fc_in = nn.Linear(config.n_embd, config.n_inner)
        self.fc_out = nn.Linear(config.n_inner, config.n_embd)

    def forward(self, x):
        return self.fc_out(F.gelu(self.fc_in(x), approximate="tanh"))


class Block(nn.Module):
    def __init__(self, config: Config):
        super().__init__()
        self.norm_1 = nn.LayerNorm(config.n_embd, eps=config.norm_eps)
        self.attn = CausalSelfAttention(config)
        self.mlp = MLP(config)

    def forward(self, x):
        h = self.norm_1(x)
        return x + self.attn(h) + self.mlp(h)


class GPT(nn.Module):
    def __init__(self, config: Config | None = None):
        super().__init__()
        config = config or Config.from_name("gptj-tiny")
        self.config = config
        self.lm_head = nn.Linear(config.n_embd, config.vocab_size, bias=True)
        self.transformer = nn.ModuleDict(
            dict(
                wte=nn.Embedding(config.vocab_size, config.n_embd),
                h=nn.ModuleList(Block(config) for _ in range(config.n_layer)),
                ln_f=nn.LayerNorm(config.n_embd, eps=config.norm_eps),
            )
        )

    def forward(self, idx):
        x = self.transformer.wte(idx)
        for block in self.transformer.h:
            x = block(x)
        return self.lm_head(self.transformer.ln_f(x))
