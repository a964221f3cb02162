"""The CLVP text encoder of a TTS re-ranking repo: the sizes are class keywords of the concrete
model (``class ClvpTextEncoder(Encoder, width=..., heads=...)``) captured by the base class's
``__init_subclass__``; rotary positions on the first ``ROTARY`` channels of each head applied
to queries, keys AND values; a GLU feed-forward; mean-pooled, projected output."""

import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class RMSNorm(nn.Module):
    def __init__(self, d, eps):
        super().__init__()
        self.weight, self.eps = nn.Parameter(torch.ones(d)), eps

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps)


class Encoder(nn.Module):
    sizes: dict = {}

    def __init_subclass__(cls, **sizes):
        super().__init_subclass__()
        cls.sizes = sizes

    def __init__(self):
        super().__init__()
        s = self.sizes
        d = s["width"]
        self.heads = s["heads"]
        self.rotary = max(s["embed_dim"] // (s["heads"] * 2), 32)
        self.tokens = nn.Embedding(s["vocab"], d)
        self.blocks = nn.ModuleList()
        for _ in range(s["depth"]):
            blk = nn.Module()
            blk.norm1, blk.norm2 = RMSNorm(d, s["eps"]), RMSNorm(d, s["eps"])
            blk.q = nn.Linear(d, d, bias=False)
            blk.k = nn.Linear(d, d, bias=False)
            blk.v = nn.Linear(d, d, bias=False)
            blk.o = nn.Linear(d, d)
            blk.glu = nn.Linear(d, 2 * s["ffn"])
            blk.down = nn.Linear(s["ffn"], d)
            self.blocks.append(blk)
        self.final_norm = nn.LayerNorm(d, eps=s["eps"])
        self.to_embed = nn.Linear(d, s["embed_dim"], bias=False)

    def rope(self, x):
        t, r = x.shape[2], self.rotary
        inv = 1.0 / (10000 ** (torch.arange(0, r, 2).float() / r))
        ang = torch.arange(t).float()[:, None] * inv
        ang = torch.cat([ang, ang], -1)
        xr, xp = x[..., :r], x[..., r:]
        half = torch.cat([-xr[..., r // 2 :], xr[..., : r // 2]], -1)
        return torch.cat([xr * ang.cos() + half * ang.sin(), xp], -1)

    def forward(self, ids):
        x = self.tokens(ids)
        b, t, d = x.shape
        for blk in self.blocks:
            h = blk.norm1(x)
            q, k, v = (
                self.rope(m(h).view(b, t, self.heads, -1).transpose(1, 2))
                for m in (blk.q, blk.k, blk.v)
            )
            att = (q @ k.transpose(-1, -2) / math.sqrt(d // self.heads)).softmax(-1)
            x = x + blk.o((att @ v).transpose(1, 2).reshape(b, t, d))
            a, gate = blk.glu(blk.norm2(x)).chunk(2, -1)
            x = x + blk.down(a * F.gelu(gate))
        x = self.final_norm(x)
        return x, self.to_embed(x.mean(1))


class ClvpTextEncoder(
    Encoder, vocab=64, width=128, depth=2, heads=2, ffn=160, embed_dim=16, eps=1e-05
):
    pass
