"""CTRL (Keskar et al. 2019), a from-scratch port: sinusoidal positions added to scaled token
embeddings, pre-norm blocks with separate q/k/v maps, a biased output layer sharing the token
table. Sizes are module constants edited per experiment."""

import math

import torch
import torch.nn.functional as F
from torch import nn

VOCAB = 800
D_MODEL = 64
N_HEADS = 4
N_LAYERS = 2
DFF = 128
MAX_LEN = 64
BLOCK_EPS = 1e-6  # the reference code fixes this one
FINAL_EPS = 1e-6


def sinusoid_table(length: int, dim: int) -> torch.Tensor:
    pos = torch.arange(length, dtype=torch.float32)[:, None]
    i = torch.arange(dim, dtype=torch.float32)[None, :]
    angles = pos / torch.pow(10000.0, (2 * torch.div(i, 2, rounding_mode="floor")) / dim)
    return torch.cat([angles[:, 0::2].sin(), angles[:, 1::2].cos()], dim=-1)


class MHA(nn.Module):
    def __init__(self):
        super().__init__()
        self.wq = nn.Linear(D_MODEL, D_MODEL)
        self.wk = nn.Linear(D_MODEL, D_MODEL)
        self.wv = nn.Linear(D_MODEL, D_MODEL)
        self.wo = nn.Linear(D_MODEL, D_MODEL)

    def split(self, t):
        return t.unflatten(-1, (N_HEADS, D_MODEL // N_HEADS)).transpose(1, 2)

    def forward(self, x):
        q, k, v = self.split(self.wq(x)), self.split(self.wk(x)), self.split(self.wv(x))
        logits = q @ k.transpose(-1, -2) / math.sqrt(D_MODEL // N_HEADS)
        t = x.shape[1]
        future = torch.triu(torch.ones(t, t, dtype=torch.bool, device=x.device), 1)
        out = logits.masked_fill(future, float("-inf")).softmax(-1) @ v
        return self.wo(out.transpose(1, 2).flatten(2))


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        self.ln_attn = nn.LayerNorm(D_MODEL, eps=BLOCK_EPS)
        self.mha = MHA()
        self.ln_ffn = nn.LayerNorm(D_MODEL, eps=BLOCK_EPS)
        self.ffn = nn.Sequential(nn.Linear(D_MODEL, DFF), nn.ReLU(), nn.Linear(DFF, D_MODEL))

    def forward(self, x):
        x = x + self.mha(self.ln_attn(x))
        return x + self.ffn(self.ln_ffn(x))


class CTRLLM(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(VOCAB, D_MODEL)
        self.register_buffer("pe", sinusoid_table(MAX_LEN, D_MODEL), persistent=False)
        self.layers = nn.ModuleList([Layer() for _ in range(N_LAYERS)])
        self.ln_out = nn.LayerNorm(D_MODEL, eps=FINAL_EPS)
        self.out_bias = nn.Parameter(torch.zeros(VOCAB))

    def forward(self, ids):
        x = self.embed(ids) * math.sqrt(D_MODEL) + self.pe[: ids.shape[1]]
        for layer in self.layers:
            x = layer(x)
        return F.linear(self.ln_out(x), self.embed.weight, self.out_bias)
