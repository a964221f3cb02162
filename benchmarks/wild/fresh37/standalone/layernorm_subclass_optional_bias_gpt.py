# nanoGPT-style LayerNorm with optional bias; sizes as numpy integers from a config
import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F


class LayerNorm(nn.Module):
    def __init__(self, ndim, bias):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(ndim))
        self.bias = nn.Parameter(torch.zeros(ndim)) if bias else None

    def forward(self, x):
        return F.layer_norm(x, self.weight.shape, self.weight, self.bias, 1e-5)


class MLP(nn.Module):
    def __init__(self, n_embd, bias):
        super().__init__()
        self.c_fc = nn.Linear(n_embd, 4 * n_embd, bias=bias)
        self.c_proj = nn.Linear(4 * n_embd, n_embd, bias=bias)


class Block(nn.Module):
    def __init__(self, n_embd, n_head, bias):
        super().__init__()
        self.ln_1 = LayerNorm(n_embd, bias=bias)
        self.attn = nn.Linear(n_embd, 3 * n_embd, bias=bias)
        self.proj = nn.Linear(n_embd, n_embd, bias=bias)
        self.ln_2 = LayerNorm(n_embd, bias=bias)
        self.mlp = MLP(n_embd, bias)


cfg = {"n_layer": np.int64(3), "n_head": np.int64(4), "n_embd": np.int64(96), "bias": False}
n_embd = int(cfg["n_embd"])
model = nn.ModuleDict(
    dict(
        wte=nn.Embedding(512, n_embd),
        wpe=nn.Embedding(128, n_embd),
        h=nn.ModuleList(
            [Block(n_embd, int(cfg["n_head"]), cfg["bias"]) for _ in range(int(cfg["n_layer"]))]
        ),
        ln_f=LayerNorm(n_embd, bias=cfg["bias"]),
    )
)
