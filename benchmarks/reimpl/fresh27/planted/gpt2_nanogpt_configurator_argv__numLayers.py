"""A tiny GPT-2 written the nanoGPT way, in one file: ``train.py``'s globals hold GPT-2 124M's
sizes, nanoGPT's ``configurator.py`` loop applies the command line's ``--key=value`` overrides
(``literal_eval`` of each value, assigned into ``globals()``), ``model_args`` is collected from
the globals and the model is built from ``GPTConfig(**model_args)``. The MLP is ``4 * n_embd``
wide. Conv1D-style (transposed) projections, learned positions, pre-LayerNorm blocks,
tanh-approximated GELU."""

from __future__ import annotations

from ast import literal_eval
from dataclasses import dataclass

import torch
import torch.nn.functional as F
from torch import nn


@dataclass
class GPTConfig:
    block_size: int = 1024
    vocab_size: int = 50304
    n_layer: int = 12
    n_head: int = 12
    n_embd: int = 768
    bias: bool = True


# train.py's defaults (GPT-2 124M)
n_layer = 12
n_head = 12
n_embd = 768
block_size = 1024
bias = True
meta_vocab_size = None  # set from data/<dataset>/meta.pkl when the dataset has one
LN_EPS = 1e-05

# configurator.py: `python train.py --n_layer=2 ...` (the tiny debug run's command line)
ARGV = [
    "--n_layer=3",
    "--n_head=4",
    "--n_embd=64",
    "--block_size=64",
    "--meta_vocab_size=96",
]
for arg in ARGV:
    key, val = arg[2:].split("=")
    assert key in globals(), f"Unknown config key: {key}"
    globals()[key] = literal_eval(val)

model_args = dict(
    n_layer=n_layer, n_head=n_head, n_embd=n_embd, block_size=block_size, bias=bias, vocab_size=None
)
model_args["vocab_size"] = meta_vocab_size if meta_vocab_size is not None else 50304
gptconf = GPTConfig(**model_args)


class Conv1D(nn.Module):
    def __init__(self, n_in: int, n_out: int) -> None:
        super().__init__()
        self.weight = nn.Parameter(torch.randn(n_in, n_out) * 0.02)
        self.bias = nn.Parameter(torch.zeros(n_out))

    def forward(self, x):
        return x @ self.weight + self.bias


class Attention(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.c_attn = Conv1D(gptconf.n_embd, 3 * gptconf.n_embd)
        self.c_proj = Conv1D(gptconf.n_embd, gptconf.n_embd)

    def forward(self, x):
        b, t, e = x.shape
        nh = gptconf.n_head
        q, k, v = self.c_attn(x).split(e, -1)
        q, k, v = (z.view(b, t, nh, e // nh).transpose(1, 2) for z in (q, k, v))
        o = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.c_proj(o.transpose(1, 2).reshape(b, t, e))


class MLP(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.c_fc = Conv1D(gptconf.n_embd, 4 * gptconf.n_embd)
        self.c_proj = Conv1D(4 * gptconf.n_embd, gptconf.n_embd)

    def forward(self, x):
        return self.c_proj(F.gelu(self.c_fc(x), approximate="tanh"))


class Block(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.ln_1 = nn.LayerNorm(gptconf.n_embd, eps=LN_EPS)
        self.attn = Attention()
        self.ln_2 = nn.LayerNorm(gptconf.n_embd, eps=LN_EPS)
        self.mlp = MLP()

    def forward(self, x):
        x = x + self.attn(self.ln_1(x))
        return x + self.mlp(self.ln_2(x))


class GPT2FromDSL(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.wte = nn.Embedding(gptconf.vocab_size, gptconf.n_embd)
        self.wpe = nn.Embedding(gptconf.block_size, gptconf.n_embd)
        self.h = nn.ModuleList(Block() for _ in range(gptconf.n_layer))
        self.ln_f = nn.LayerNorm(gptconf.n_embd, eps=LN_EPS)

    def forward(self, ids):
        x = self.wte(ids) + self.wpe(torch.arange(ids.shape[1]))
        for block in self.h:
            x = block(x)
        return self.ln_f(x)
