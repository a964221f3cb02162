"""GPT-2 with Conv1D-style ``[in, out]`` weights and the MLP width as a float ratio of the
model width (``int(N_EMBD * MLP_RATIO)``), tied head, learned positions."""

import math

import torch
from torch import nn

N_EMBD = 96
N_HEAD = 6
N_LAYER = 2
MLP_RATIO = 4.0
N_CTX = 256
N_VOCAB = 700


class Conv1D(nn.Module):
    def __init__(self, n_in, n_out):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(n_in, n_out) * 0.02)
        self.bias = nn.Parameter(torch.zeros(n_out))

    def forward(self, x):
        return torch.addmm(self.bias, x.reshape(-1, x.shape[-1]), self.weight).view(
            *x.shape[:-1], -1
        )


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        hidden = int(N_EMBD * MLP_RATIO)
        self.ln_1 = nn.LayerNorm(N_EMBD)
        self.c_attn = Conv1D(N_EMBD, 3 * N_EMBD)
        self.c_proj = Conv1D(N_EMBD, N_EMBD)
        self.ln_2 = nn.LayerNorm(N_EMBD)
        self.c_fc = Conv1D(N_EMBD, hidden)
        self.mlp_proj = Conv1D(hidden, N_EMBD)

    def forward(self, x):
        b, t, d = x.shape
        q, k, v = (
            z.view(b, t, N_HEAD, -1).transpose(1, 2) for z in self.c_attn(self.ln_1(x)).split(d, -1)
        )
        s = q @ k.transpose(-1, -2) / math.sqrt(d // N_HEAD)
        s = s.masked_fill(torch.ones(t, t, dtype=torch.bool).triu(1), float("-inf"))
        x = x + self.c_proj((s.softmax(-1) @ v).transpose(1, 2).reshape(b, t, d))
        return x + self.mlp_proj(nn.functional.gelu(self.c_fc(self.ln_2(x)), approximate="tanh"))


class GPT2(nn.Module):
    def __init__(self):
        super().__init__()
        self.wte = nn.Embedding(N_VOCAB, N_EMBD)
        self.wpe = nn.Embedding(N_CTX, N_EMBD)
        self.h = nn.ModuleList(Block() for _ in range(N_LAYER))
        self.ln_f = nn.LayerNorm(N_EMBD)

    def forward(self, ids):
        x = self.wte(ids) + self.wpe(torch.arange(ids.shape[1]))
        for blk in self.h:
            x = blk(x)
        return self.ln_f(x) @ self.wte.weight.T
