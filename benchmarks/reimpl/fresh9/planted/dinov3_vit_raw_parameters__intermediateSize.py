"""DINOv3 ViT (tiny) written without ``nn.Linear`` or ``nn.LayerNorm``: every weight is an
``nn.Parameter`` attribute and the forward calls ``F.linear`` / ``F.layer_norm`` / ``F.conv2d``.
Register tokens follow the class token; the key projection has no bias; each sublayer output is
scaled by a learned per-channel LayerScale. RoPE over patch coordinates carries no weights."""

import math

import torch
import torch.nn.functional as F
from torch import nn

PATCH = 8
CHANNELS = 3
EMBED_DIM = 64
DEPTH = 2
NUM_HEADS = 4
MLP_DIM = 256
N_REGISTERS = 2
LN_EPS = 1e-5


def _w(*shape):
    return nn.Parameter(torch.randn(*shape) * 0.02)


def _ones(n):
    return nn.Parameter(torch.ones(n))


def _zeros(n):
    return nn.Parameter(torch.zeros(n))


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        d, m = EMBED_DIM, MLP_DIM
        self.n1_w, self.n1_b = _ones(d), _zeros(d)
        self.wq, self.bq = _w(d, d), _zeros(d)
        self.wk = _w(d, d)
        self.wv, self.bv = _w(d, d), _zeros(d)
        self.wo, self.bo = _w(d, d), _zeros(d)
        self.gamma1 = _ones(d)
        self.n2_w, self.n2_b = _ones(d), _zeros(d)
        self.w_up, self.b_up = _w(m, d), _zeros(m)
        self.w_down, self.b_down = _w(d, m), _zeros(d)
        self.gamma2 = _ones(d)

    def forward(self, x):
        b, n, d = x.shape
        hd = d // NUM_HEADS
        h = F.layer_norm(x, (d,), self.n1_w, self.n1_b, LN_EPS)
        q = F.linear(h, self.wq, self.bq).view(b, n, NUM_HEADS, hd).transpose(1, 2)
        k = F.linear(h, self.wk).view(b, n, NUM_HEADS, hd).transpose(1, 2)
        v = F.linear(h, self.wv, self.bv).view(b, n, NUM_HEADS, hd).transpose(1, 2)
        a = (q @ k.transpose(-1, -2) / math.sqrt(hd)).softmax(-1) @ v
        x = x + self.gamma1 * F.linear(a.transpose(1, 2).reshape(b, n, d), self.wo, self.bo)
        h = F.layer_norm(x, (d,), self.n2_w, self.n2_b, LN_EPS)
        h = F.linear(F.gelu(F.linear(h, self.w_up, self.b_up)), self.w_down, self.b_down)
        return x + self.gamma2 * h


class DINOv3ViT(nn.Module):
    def __init__(self):
        super().__init__()
        self.cls_token = nn.Parameter(torch.zeros(1, 1, EMBED_DIM))
        self.mask_token = nn.Parameter(torch.zeros(1, 1, EMBED_DIM))
        self.register_tokens = nn.Parameter(torch.zeros(1, N_REGISTERS, EMBED_DIM))
        self.patch_w = _w(EMBED_DIM, CHANNELS, PATCH, PATCH)
        self.patch_b = _zeros(EMBED_DIM)
        self.blocks = nn.ModuleList([Block() for _ in range(DEPTH)])
        self.norm_w, self.norm_b = _ones(EMBED_DIM), _zeros(EMBED_DIM)

    def forward(self, pixels):
        x = F.conv2d(pixels, self.patch_w, self.patch_b, stride=PATCH).flatten(2).transpose(1, 2)
        b = x.shape[0]
        x = torch.cat(
            [self.cls_token.expand(b, -1, -1), self.register_tokens.expand(b, -1, -1), x], 1
        )
        for blk in self.blocks:
            x = blk(x)
        return F.layer_norm(x, (EMBED_DIM,), self.norm_w, self.norm_b, LN_EPS)
