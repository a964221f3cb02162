"""A tiny GPT-2 described by a three-line architecture string in a small DSL
(``embed <vocab> -> <width> pos <ctx>``, ``block x<layers> heads <n> mlp <width> ln <eps>``,
``final ln <eps>``) that ``parse_arch`` takes apart with regular expressions. Weights kept as
``[in, out]`` matrices in a ``Conv1D``-style module (``x @ w + b``), learned positions,
pre-LayerNorm blocks, tanh-approximated GELU."""

from __future__ import annotations

import re

import torch
import torch.nn.functional as F
from torch import nn

ARCH = """
embed 96 -> 64 pos 128
block x2 heads 4 mlp 256 ln 1e-05
final ln 1e-05
"""


def parse_arch(text: str) -> dict:
    spec = {}
    for line in text.strip().splitlines():
        kind, rest = line.split(maxsplit=1)
        if kind == "embed":
            m = re.fullmatch(r"(\d+) -> (\d+) pos (\d+)", rest)
            spec["vocab"], spec["width"], spec["ctx"] = map(int, m.groups())
        elif kind == "block":
            m = re.fullmatch(r"x(\d+) heads (\d+) mlp (\d+) ln (\S+)", rest)
            spec["layers"], spec["heads"], spec["inner"] = map(int, m.groups()[:3])
            spec["block_eps"] = float(m.group(4))
        elif kind == "final":
            spec["final_eps"] = float(re.fullmatch(r"ln (\S+)", rest).group(1))
    return spec


S = parse_arch(ARCH)


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
        self.c_attn = Conv1D(S["width"], 3 * S["width"])
        self.c_proj = Conv1D(S["width"], S["width"])

    def forward(self, x):
        b, t, e = x.shape
        nh = S["heads"]
        q, k, v = self.c_attn(x).split(e, -1)
        q, k, v = (z.view(b, t, nh, e // nh).transpose(1, 2) for z in (q, k, v))
        o = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.c_proj(o.transpose(1, 2).reshape(b, t, e))


class MLP(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.c_fc = Conv1D(S["width"], S["inner"])
        self.c_proj = Conv1D(S["inner"], S["width"])

    def forward(self, x):
        return self.c_proj(F.gelu(self.c_fc(x), approximate="tanh"))


class Block(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.ln_1 = nn.LayerNorm(S["width"], eps=S["block_eps"])
        self.attn = Attention()
        self.ln_2 = nn.LayerNorm(S["width"], eps=S["block_eps"])
        self.mlp = MLP()

    def forward(self, x):
        x = x + self.attn(self.ln_1(x))
        return x + self.mlp(self.ln_2(x))


class GPT2FromDSL(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.wte = nn.Embedding(S["vocab"], S["width"])
        self.wpe = nn.Embedding(S["ctx"], S["width"])
        self.h = nn.ModuleList(Block() for _ in range(S["layers"]))
        self.ln_f = nn.LayerNorm(S["width"], eps=S["final_eps"])

    def forward(self, ids):
        x = self.wte(ids) + self.wpe(torch.arange(ids.shape[1]))
        for block in self.h:
            x = block(x)
        return self.ln_f(x)
