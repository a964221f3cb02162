"""I-JEPA context encoder (ViT without a class token) for linear probing.
Sizes come from the probing script's command line, parsed at import."""

import argparse

import torch
import torch.nn.functional as F
from torch import nn

parser = argparse.ArgumentParser(description="I-JEPA probe")
parser.add_argument("--img-size", type=int, default=224)
parser.add_argument("--patch", type=int, default=14)
parser.add_argument("--embed-dim", type=int, default=1280)
parser.add_argument("--depth", type=int, default=32)
parser.add_argument("--num-heads", type=int, default=16)
parser.add_argument("--mlp-dim", type=int, default=5120)
parser.add_argument("--ln-eps", type=float, default=1e-6)
OPT = parser.parse_args(
    [
        "--img-size=64",
        "--patch=8",
        "--embed-dim=64",
        "--depth=2",
        "--num-heads=4",
        "--mlp-dim=192",
        "--ln-eps=1e-12",
    ]
)


class QKVAttention(nn.Module):
    def __init__(self, dim, heads):
        super().__init__()
        self.heads = heads
        self.to_qkv = nn.Linear(dim, 3 * dim)
        self.proj = nn.Linear(dim, dim)

    def forward(self, x):
        q, k, v = self.to_qkv(x).unflatten(-1, (3, self.heads, -1)).unbind(2)
        att = torch.einsum("bihd,bjhd->bhij", q, k) * q.shape[-1] ** -0.5
        out = torch.einsum("bhij,bjhd->bihd", att.softmax(-1), v)
        return self.proj(out.flatten(2))


class EncoderBlock(nn.Module):
    def __init__(self):
        super().__init__()
        self.norm1 = nn.LayerNorm(OPT.embed_dim, eps=OPT.ln_eps)
        self.attn = QKVAttention(OPT.embed_dim, OPT.num_heads)
        self.norm2 = nn.LayerNorm(OPT.embed_dim, eps=OPT.ln_eps)
        self.fc1 = nn.Linear(OPT.embed_dim, OPT.mlp_dim)
        self.fc2 = nn.Linear(OPT.mlp_dim, OPT.embed_dim)

    def forward(self, x):
        x = x + self.attn(self.norm1(x))
        return x + self.fc2(F.gelu(self.fc1(self.norm2(x))))


class IJEPAEncoder(nn.Module):
    def __init__(self):
        super().__init__()
        grid = OPT.img_size // OPT.patch
        self.patchify = nn.Conv2d(3, OPT.embed_dim, OPT.patch, stride=OPT.patch)
        self.pos = nn.Parameter(torch.zeros(1, grid * grid, OPT.embed_dim))
        self.blocks = nn.ModuleList(EncoderBlock() for _ in range(OPT.depth))
        self.norm = nn.LayerNorm(OPT.embed_dim, eps=OPT.ln_eps)

    def forward(self, images):
        x = self.patchify(images).flatten(2).transpose(1, 2) + self.pos
        for blk in self.blocks:
            x = blk(x)
        return self.norm(x)
