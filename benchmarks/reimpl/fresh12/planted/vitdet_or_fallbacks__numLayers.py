"""A ViTDet backbone: a plain ViT whose first blocks attend inside windows, every block with
decomposed relative positions, an absolute position table sized for the pretraining image."""

import torch
import torch.nn as nn
import torch.nn.functional as F

# what the user set on the command line; everything else falls back with ``or``
USER = {"image": 32, "patch": 8, "depth": 3, "window": 2}
IMAGE = USER.get("image") or 1024
PATCH = USER.get("patch") or 16
WIDTH = USER.get("width") or 64
DEPTH = USER.get("depth") or 12
HEADS = USER.get("heads") or 4
MLP_RATIO = USER.get("mlp_ratio") or 2
WINDOW = USER.get("window") or 14
WINDOWED = USER.get("windowed") or (0,)
GRID = IMAGE // PATCH
HEAD_DIM = WIDTH // HEADS
EPS = 1e-6


def rel_table(table, q, k):
    idx = torch.arange(q)[:, None] - torch.arange(k)[None] + (k - 1)
    return table[idx]


class Attention(nn.Module):
    def __init__(self, side):
        super().__init__()
        self.qkv = nn.Linear(WIDTH, 3 * WIDTH)
        self.proj = nn.Linear(WIDTH, WIDTH)
        self.rel_h = nn.Parameter(torch.zeros(2 * side - 1, HEAD_DIM))
        self.rel_w = nn.Parameter(torch.zeros(2 * side - 1, HEAD_DIM))

    def forward(self, x):
        b, h, w, _ = x.shape
        q, k, v = self.qkv(x).reshape(b, h * w, 3, HEADS, HEAD_DIM).permute(2, 0, 3, 1, 4)
        q, k, v = (t.reshape(b * HEADS, h * w, HEAD_DIM) for t in (q, k, v))
        attn = (q * HEAD_DIM**-0.5) @ k.transpose(-2, -1)
        rq = q.reshape(b * HEADS, h, w, HEAD_DIM)
        rh = torch.einsum("bhwc,hkc->bhwk", rq, rel_table(self.rel_h, h, h))
        rw = torch.einsum("bhwc,wkc->bhwk", rq, rel_table(self.rel_w, w, w))
        attn = attn.view(-1, h, w, h, w) + rh[..., :, None] + rw[..., None, :]
        out = attn.view(-1, h * w, h * w).softmax(-1) @ v
        out = out.view(b, HEADS, h, w, HEAD_DIM).permute(0, 2, 3, 1, 4).reshape(b, h, w, -1)
        return self.proj(out)


class Block(nn.Module):
    def __init__(self, i):
        super().__init__()
        self.window = WINDOW if i in WINDOWED else 0
        self.norm1 = nn.LayerNorm(WIDTH, eps=EPS)
        self.attn = Attention(self.window or GRID)
        self.norm2 = nn.LayerNorm(WIDTH, eps=EPS)
        self.fc1 = nn.Linear(WIDTH, WIDTH * MLP_RATIO)
        self.fc2 = nn.Linear(WIDTH * MLP_RATIO, WIDTH)

    def forward(self, x):
        b, h, w, c = x.shape
        y = self.norm1(x)
        if self.window:
            s = self.window
            y = y.view(b, h // s, s, w // s, s, c).permute(0, 1, 3, 2, 4, 5).reshape(-1, s, s, c)
            y = self.attn(y)
            y = y.view(b, h // s, w // s, s, s, c).permute(0, 1, 3, 2, 4, 5).reshape(b, h, w, c)
        else:
            y = self.attn(y)
        x = x + y
        return x + self.fc2(F.gelu(self.fc1(self.norm2(x))))


class VitDet(nn.Module):
    def __init__(self):
        super().__init__()
        self.patch_embed = nn.Conv2d(3, WIDTH, PATCH, PATCH)
        # one extra row for the class token of the pretraining checkpoint (dropped at use)
        self.pos_embed = nn.Parameter(torch.zeros(1, GRID * GRID + 1, WIDTH))
        self.blocks = nn.ModuleList(Block(i) for i in range(DEPTH))

    def forward(self, pixels):
        x = self.patch_embed(pixels).permute(0, 2, 3, 1)
        x = x + self.pos_embed[:, 1:].reshape(1, GRID, GRID, WIDTH)
        for blk in self.blocks:
            x = blk(x)
        return x.permute(0, 3, 1, 2)
