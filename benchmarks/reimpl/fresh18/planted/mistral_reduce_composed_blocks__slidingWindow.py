"""Mistral-style decoder with a sliding window, written functionally: each block is a pair of
closures over its own nn.ModuleDict and the forward folds the blocks with functools.reduce."""

import functools

import torch
import torch.nn.functional as F
from torch import nn

VOCAB, WIDTH, DEPTH = 320, 64, 2
HEADS, KV_HEADS, MLP = 4, 2, 160
WINDOW = 32
THETA = 1000000.0


def rmsnorm(x, w):
    return w * (x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-5))


def rope(x):
    t, d = x.shape[-2], x.shape[-1]
    inv = 1.0 / THETA ** (torch.arange(0, d, 2, dtype=torch.float32) / d)
    a = torch.outer(torch.arange(t, dtype=torch.float32), inv).repeat(1, 2)
    return x * a.cos() + torch.cat([-x[..., d // 2 :], x[..., : d // 2]], -1) * a.sin()


def make_block():
    hd = WIDTH // HEADS
    m = nn.ModuleDict(
        {
            "q": nn.Linear(WIDTH, HEADS * hd, bias=False),
            "k": nn.Linear(WIDTH, KV_HEADS * hd, bias=False),
            "v": nn.Linear(WIDTH, KV_HEADS * hd, bias=False),
            "o": nn.Linear(HEADS * hd, WIDTH, bias=False),
            "gate": nn.Linear(WIDTH, MLP, bias=False),
            "up": nn.Linear(WIDTH, MLP, bias=False),
            "down": nn.Linear(MLP, WIDTH, bias=False),
        }
    )
    m.norms = nn.ParameterDict(
        {"attn": nn.Parameter(torch.ones(WIDTH)), "mlp": nn.Parameter(torch.ones(WIDTH))}
    )

    def apply(x):
        b, t, _ = x.shape
        y = rmsnorm(x, m.norms["attn"])
        q = rope(m["q"](y).view(b, t, HEADS, hd).transpose(1, 2))
        k = rope(m["k"](y).view(b, t, KV_HEADS, hd).transpose(1, 2))
        v = m["v"](y).view(b, t, KV_HEADS, hd).transpose(1, 2)
        i = torch.arange(t)
        allowed = (i[:, None] >= i[None]) & (i[:, None] - i[None] < WINDOW)
        o = F.scaled_dot_product_attention(q, k, v, attn_mask=allowed, enable_gqa=True)
        x = x + m["o"](o.transpose(1, 2).reshape(b, t, -1))
        y = rmsnorm(x, m.norms["mlp"])
        return x + m["down"](F.silu(m["gate"](y)) * m["up"](y))

    return m, apply


class ReducedMistral(nn.Module):
    def __init__(self):
        super().__init__()
        built = [make_block() for _ in range(DEPTH)]
        self.blocks = nn.ModuleList(m for m, _ in built)
        self._apply_fns = [f for _, f in built]
        self.embed = nn.Embedding(VOCAB, WIDTH)
        self.final_norm = nn.Parameter(torch.ones(WIDTH))
        self.head = nn.Linear(WIDTH, VOCAB, bias=False)

    def forward(self, ids):
        x = functools.reduce(lambda h, f: f(h), self._apply_fns, self.embed(ids))
        return self.head(rmsnorm(x, self.final_norm))
