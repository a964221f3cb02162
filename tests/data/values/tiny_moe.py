"""A tiny decoder whose value-only settings live where no module attribute names them:
module constants read in ``forward`` (the sliding window, the router's top-k), a rotary base
raised to a tensor in ``forward``, partial rotary (``ROT_PCT`` of each head), and a computed
sinusoidal position table sized by ``MAX_POS`` in ``__init__`` (test data for
tests/test_value_facts.py; never imported by driftcheck)."""

import math

import torch
import torch.nn as nn
import torch.nn.functional as F

VOCAB, DIM, HEADS, LAYERS, EXPERTS, FF = 64, 32, 4, 2, 4, 48
THETA, ROT_PCT, SLIDING_WINDOW, TOP_K, MAX_POS = 10000.0, 0.5, 8, 2, 64


def sinusoids(n, d):
    half = d // 2
    freq = torch.exp(torch.arange(half).float() * -(math.log(10000.0) / (half - 1)))
    ang = torch.arange(n).float()[:, None] * freq[None]
    return torch.cat([ang.sin(), ang.cos()], 1)


class Attention(nn.Module):
    def __init__(self, theta):
        super().__init__()
        self.h, self.hd, self.theta = HEADS, DIM // HEADS, theta
        self.rot = int(self.hd * ROT_PCT)
        self.q = nn.Linear(DIM, DIM, bias=False)
        self.k = nn.Linear(DIM, DIM, bias=False)
        self.v = nn.Linear(DIM, DIM, bias=False)
        self.o = nn.Linear(DIM, DIM, bias=False)

    def rope(self, x):
        t = x.shape[2]
        inv = 1.0 / (self.theta ** (torch.arange(0, self.rot, 2).float() / self.rot))
        f = torch.outer(torch.arange(t).float(), inv).repeat(1, 2)
        xr, xp = x[..., : self.rot], x[..., self.rot :]
        h = self.rot // 2
        xr = xr * f.cos() + torch.cat([-xr[..., h:], xr[..., :h]], -1) * f.sin()
        return torch.cat([xr, xp], -1)

    def forward(self, x):
        b, t, d = x.shape
        q = self.rope(self.q(x).view(b, t, self.h, self.hd).transpose(1, 2))
        k = self.rope(self.k(x).view(b, t, self.h, self.hd).transpose(1, 2))
        v = self.v(x).view(b, t, self.h, self.hd).transpose(1, 2)
        i = torch.arange(t)
        mask = (i[:, None] >= i[None, :]) & (i[:, None] - i[None, :] < SLIDING_WINDOW)
        y = F.scaled_dot_product_attention(q, k, v, attn_mask=mask)
        return self.o(y.transpose(1, 2).reshape(b, t, d))


class MoE(nn.Module):
    def __init__(self):
        super().__init__()
        self.gate = nn.Linear(DIM, EXPERTS, bias=False)
        self.experts = nn.ModuleList(
            nn.Sequential(nn.Linear(DIM, FF, bias=False), nn.SiLU(), nn.Linear(FF, DIM, bias=False))
            for _ in range(EXPERTS)
        )

    def forward(self, x):
        flat = x.reshape(-1, x.shape[-1])
        w, chosen = self.gate(flat).topk(TOP_K, dim=-1)
        w = w.softmax(-1)
        out = torch.zeros_like(flat)
        for e, expert in enumerate(self.experts):
            hit = chosen == e
            rows = hit.any(-1)
            out[rows] += (w * hit)[rows].sum(-1, keepdim=True) * expert(flat[rows])
        return out.view_as(x)


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.n1 = nn.LayerNorm(DIM)
        self.attn = Attention(THETA)
        self.n2 = nn.LayerNorm(DIM)
        self.moe = MoE()

    def forward(self, x):
        x = x + self.attn(self.n1(x))
        return x + self.moe(self.n2(x))


class TinyMoE(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(VOCAB, DIM)
        self.register_buffer("positions", sinusoids(MAX_POS, DIM), persistent=False)
        self.blocks = nn.ModuleList(Block() for _ in range(LAYERS))
        self.norm = nn.LayerNorm(DIM)
        self.head = nn.Linear(DIM, VOCAB, bias=False)

    def forward(self, ids):
        x = self.embed(ids) + self.positions[: ids.shape[1]]
        for b in self.blocks:
            x = b(x)
        return self.head(self.norm(x))
