"""A RetNet from a TOML string: multi-scale retention with per-head decay gammas (a buffer), a swish gate,
GroupNorm over heads, value dim twice the key dim, FFN with GELU."""

import math

import tomllib
import torch
import torch.nn as nn

CONFIG = """
[model]
vocab = 500
dim = 48
layers = 3
heads = 3
ffn = 96
double_v = true
"""


class MultiScaleRetention(nn.Module):
    def __init__(self, dim, heads, double_v):
        super().__init__()
        v_dim = dim * 2 if double_v else dim
        self.head_dim = dim // heads
        gammas = 1 - torch.exp(torch.linspace(math.log(1 / 32), math.log(1 / 512), heads))
        self.register_buffer("gammas", gammas)
        self.q = nn.Linear(dim, dim, bias=False)
        self.k = nn.Linear(dim, dim, bias=False)
        self.v = nn.Linear(dim, v_dim, bias=False)
        self.g = nn.Linear(dim, v_dim, bias=False)
        self.out = nn.Linear(v_dim, dim, bias=False)
        self.group_norm = nn.GroupNorm(heads, v_dim)


class RetNetLayer(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.ln1 = nn.LayerNorm(c["dim"])
        self.msr = MultiScaleRetention(c["dim"], c["heads"], c["double_v"])
        self.ln2 = nn.LayerNorm(c["dim"])
        self.ffn = nn.Sequential(
            nn.Linear(c["dim"], c["ffn"]), nn.GELU(), nn.Linear(c["ffn"], c["dim"])
        )


class RetNet(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.embed = nn.Embedding(c["vocab"], c["dim"])
        self.layers = nn.ModuleList(RetNetLayer(c) for _ in range(c["layers"]))
        self.ln_f = nn.LayerNorm(c["dim"])
        self.head = nn.Linear(c["dim"], c["vocab"], bias=False)


model = RetNet(tomllib.loads(CONFIG)["model"])
