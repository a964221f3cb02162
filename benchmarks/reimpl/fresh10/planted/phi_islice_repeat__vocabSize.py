"""Phi (1.5 / 2 style): a parallel block under one LayerNorm, biases everywhere including the
head. The layer list is ``islice(repeat(block_spec), N)`` over one spec tuple."""

from itertools import islice, repeat

import torch
import torch.nn.functional as F
from torch import nn

N_LAYER = 2
BLOCK_SPEC = ("d_model=64", "n_head=4", "d_mlp=256")
VOCAB_SIZE = 512
ROTARY_DIM = 8
EPS = 1e-5


def parse(spec):
    return {k: int(v) for k, v in (item.split("=") for item in spec)}


def rope_partial(x, r=ROTARY_DIM, base=10000.0):
    t = x.shape[-2]
    f = torch.outer(torch.arange(t).float(), base ** (-torch.arange(0, r, 2).float() / r)).repeat(
        1, 2
    )
    rot, rest = x[..., :r], x[..., r:]
    a, b = rot.chunk(2, -1)
    return torch.cat((rot * f.cos() + torch.cat((-b, a), -1) * f.sin(), rest), -1)


class ParallelBlock(nn.Module):
    def __init__(self, spec):
        super().__init__()
        s = parse(spec)
        d, self.h = s["d_model"], s["n_head"]
        self.ln = nn.LayerNorm(d, eps=EPS)
        self.q_proj, self.k_proj, self.v_proj = (nn.Linear(d, d) for _ in range(3))
        self.dense = nn.Linear(d, d)
        self.fc1 = nn.Linear(d, s["d_mlp"])
        self.fc2 = nn.Linear(s["d_mlp"], d)

    def forward(self, x):
        b, t, d = x.shape
        h = self.ln(x)
        q, k, v = (
            p(h).view(b, t, self.h, -1).transpose(1, 2)
            for p in (self.q_proj, self.k_proj, self.v_proj)
        )
        o = F.scaled_dot_product_attention(rope_partial(q), rope_partial(k), v, is_causal=True)
        attn = self.dense(o.transpose(1, 2).reshape(b, t, d))
        return x + attn + self.fc2(F.gelu(self.fc1(h), approximate="tanh"))


class Phi(nn.Module):
    def __init__(self):
        super().__init__()
        d = parse(BLOCK_SPEC)["d_model"]
        self.embed = nn.Embedding(VOCAB_SIZE, d)
        self.blocks = nn.ModuleList(ParallelBlock(s) for s in islice(repeat(BLOCK_SPEC), N_LAYER))
        self.final_layernorm = nn.LayerNorm(d, eps=EPS)
        self.lm_head = nn.Linear(d, VOCAB_SIZE)

    def forward(self, ids):
        x = self.embed(ids)
        for blk in self.blocks:
            x = blk(x)
        return self.lm_head(self.final_layernorm(x))
