"""Zoo: torch's nn.MultiheadAttention (with kdim/vdim) plus LayerNorm, as a cross-attention."""

import torch.nn as nn


class CrossAttend(nn.Module):
    def __init__(self, dim=64, ctx=40, heads=4):
        super().__init__()
        self.norm = nn.LayerNorm(dim, eps=1e-6)
        self.attn = nn.MultiheadAttention(dim, heads, kdim=ctx, vdim=ctx, batch_first=True)
        self.self_attn = nn.MultiheadAttention(dim, heads, bias=False)


ENTRY = "CrossAttend"
CONFIG = None
INPUT = None


def build():
    return CrossAttend()
