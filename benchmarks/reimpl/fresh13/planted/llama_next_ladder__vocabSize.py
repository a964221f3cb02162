"""Llama with q/k/v/o held as head-shaped tensors and attention written with einsum; the MLP
width is the first entry of our kernel-friendly ladder at or above 8/3 of the width (next() over
a generator)."""

import torch
from torch import nn

LADDER = [96, 128, 176, 224, 256, 352]
DIM, N_HEADS, N_LAYERS, VOCAB = 64, 4, 2, 512
HIDDEN = next(w for w in LADDER if w >= DIM * 8 // 3)  # 170 -> 176
HEAD = DIM // N_HEADS


class RMSNorm(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.w = nn.Parameter(torch.ones(d))

    def forward(self, x):
        return self.w * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-5)


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.attn_norm, self.mlp_norm = RMSNorm(DIM), RMSNorm(DIM)
        self.wq = nn.Parameter(torch.randn(DIM, N_HEADS, HEAD) * 0.02)
        self.wk = nn.Parameter(torch.randn(DIM, N_HEADS, HEAD) * 0.02)
        self.wv = nn.Parameter(torch.randn(DIM, N_HEADS, HEAD) * 0.02)
        self.wo = nn.Parameter(torch.randn(N_HEADS, HEAD, DIM) * 0.02)
        self.w_gate = nn.Parameter(torch.randn(DIM, HIDDEN) * 0.02)
        self.w_up = nn.Parameter(torch.randn(DIM, HIDDEN) * 0.02)
        self.w_down = nn.Parameter(torch.randn(HIDDEN, DIM) * 0.02)

    def forward(self, x, cos, sin):
        h = self.attn_norm(x)
        q = torch.einsum("btd,dhk->bhtk", h, self.wq)
        k = torch.einsum("btd,dhk->bhtk", h, self.wk)
        v = torch.einsum("btd,dhk->bhtk", h, self.wv)
        q, k = (
            torch.cat((-z[..., HEAD // 2 :], z[..., : HEAD // 2]), -1) * sin + z * cos
            for z in (q, k)
        )
        s = torch.einsum("bhqk,bhsk->bhqs", q, k) / HEAD**0.5
        t = x.shape[1]
        s = s.masked_fill(torch.ones(t, t, dtype=torch.bool).triu(1), float("-inf"))
        o = torch.einsum("bhqs,bhsk->bhqk", s.softmax(-1), v)
        x = x + torch.einsum("bhtk,hkd->btd", o, self.wo)
        h = self.mlp_norm(x)
        g = torch.einsum("btd,df->btf", h, self.w_gate)
        u = torch.einsum("btd,df->btf", h, self.w_up)
        return x + torch.einsum("btf,fd->btd", nn.functional.silu(g) * u, self.w_down)


class Llama(nn.Module):
    def __init__(self):
        super().__init__()
        self.tok_embeddings = nn.Embedding(VOCAB, DIM)
        self.blocks = nn.ModuleList(Block() for _ in range(N_LAYERS))
        self.norm = RMSNorm(DIM)
        self.output = nn.Parameter(torch.randn(DIM, VOCAB) * 0.02)

    def forward(self, ids):
        t = ids.shape[1]
        inv = 10000.0 ** (-torch.arange(0, HEAD, 2).float() / HEAD)
        ang = torch.outer(torch.arange(t).float(), inv).repeat(1, 2)
        x = self.tok_embeddings(ids)
        for blk in self.blocks:
            x = blk(x, ang.cos(), ang.sin())
        return torch.einsum("btd,dv->btv", self.norm(x), self.output)
