"""LFM3-like hybrid, own code: the stack is written as a pattern string ("C" a gated short
convolution, "S" sliding-window attention with q/k norms and a per-head output gate); each
block is an nn.Sequential built from an OrderedDict; sandwich norms around both sublayers."""

from collections import OrderedDict

import torch
import torch.nn.functional as F
from torch import nn

PATTERN = "CS"
DIM, VOCAB, FFN = 64, 256, 128
HEADS, KV_HEADS, HEAD_DIM, WINDOW = 4, 4, 16, 16
KERNEL = 7


class RMSNorm(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(n))

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-5)


class ShortConv(nn.Module):
    def __init__(self):
        super().__init__()
        self.in_proj = nn.Linear(DIM, 3 * DIM, bias=False)
        self.conv = nn.Conv1d(DIM, DIM, KERNEL, groups=DIM, padding=KERNEL - 1, bias=False)
        self.out_proj = nn.Linear(DIM, DIM, bias=False)

    def forward(self, x):
        b, c, h = self.in_proj(x).chunk(3, -1)
        y = self.conv((b * h).transpose(1, 2))[..., : x.shape[1]].transpose(1, 2)
        return self.out_proj(c * y)


class WindowAttention(nn.Module):
    def __init__(self):
        super().__init__()
        self.q = nn.Linear(DIM, HEADS * HEAD_DIM, bias=False)
        self.k = nn.Linear(DIM, KV_HEADS * HEAD_DIM, bias=False)
        self.v = nn.Linear(DIM, KV_HEADS * HEAD_DIM, bias=False)
        self.o = nn.Linear(HEADS * HEAD_DIM, DIM, bias=False)
        self.q_norm, self.k_norm = RMSNorm(HEAD_DIM), RMSNorm(HEAD_DIM)
        self.head_gate = nn.Linear(DIM, HEADS, bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        q = self.q_norm(self.q(x).view(b, t, HEADS, HEAD_DIM)).transpose(1, 2)
        k = self.k_norm(self.k(x).view(b, t, KV_HEADS, HEAD_DIM)).transpose(1, 2)
        v = self.v(x).view(b, t, KV_HEADS, HEAD_DIM).transpose(1, 2)
        i = torch.arange(t)
        mask = (i[None] <= i[:, None]) & (i[:, None] - i[None] < WINDOW)
        o = F.scaled_dot_product_attention(q, k, v, attn_mask=mask, enable_gqa=True)
        o = o * torch.sigmoid(self.head_gate(x)).transpose(1, 2)[..., None]
        return self.o(o.transpose(1, 2).reshape(b, t, -1))


class SwiGLU(nn.Module):
    def __init__(self):
        super().__init__()
        self.w1 = nn.Linear(DIM, FFN, bias=False)
        self.w3 = nn.Linear(DIM, FFN, bias=False)
        self.w2 = nn.Linear(FFN, DIM, bias=False)

    def forward(self, x):
        return self.w2(F.silu(self.w1(x)) * self.w3(x))


def block(kind):
    mixer = ShortConv() if kind == "C" else WindowAttention()
    return nn.Sequential(
        OrderedDict(
            [
                ("pre_mix", RMSNorm(DIM)),
                ("mixer", mixer),
                ("post_mix", RMSNorm(DIM)),
                ("pre_ffn", RMSNorm(DIM)),
                ("ffn", SwiGLU()),
                ("post_ffn", RMSNorm(DIM)),
            ]
        )
    )


class LFM3(nn.Module):
    def __init__(self):
        super().__init__()
        self.tok = nn.Embedding(VOCAB, DIM)
        self.blocks = nn.ModuleList(block(k) for k in PATTERN)
        self.final = RMSNorm(DIM)

    def forward(self, ids):
        x = self.tok(ids)
        for blk in self.blocks:
            x = x + blk.post_mix(blk.mixer(blk.pre_mix(x)))
            x = x + blk.post_ffn(blk.ffn(blk.pre_ffn(x)))
        return self.final(x)
