"""Zoo: torch's nn.MultiheadAttention (with kdim/vdim) plus LayerNorm, as a cross-attention."""

import torch.nn as nn


class CrossAttend(nn.Module):
    def __init__(self, dim=64, ctx=40, heads=4):
        super().__init__()
        self.norm = nn.LayerNorm(dim, eps=1e-6)
        self.attn = nn.MultiheadAttention(dim, heads, kdim=ctx, vdim=ctx, batch_first=True)
        self.self_attn = nn.MultiheadAttention(dim, heads, bias=False)

    def forward(self, x, ctx):  # x (B, T, dim), ctx (B, S, ctx)
        h = self.norm(x)
        h = h + self.attn(h, ctx, ctx, need_weights=False)[0]
        s = h.transpose(0, 1)  # self_attn is sequence-first: (T, B, dim)
        s, _ = self.self_attn(s, s, s)
        return h + s.transpose(0, 1)


ENTRY = "CrossAttend"
CONFIG = None
INPUT = {"x": (2, 6, 64), "ctx": (2, 9, 40)}


def build():
    return CrossAttend()
