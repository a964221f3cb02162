"""DeiT (Touvron et al., 2021), the distilled ViT, sized by a sweep launcher: a command template
(``--dim {dim} --depth {depth} ...``) filled for one grid point with ``str.format_map``, split
and read back by ``argparse``, and the parsed namespace unpacked into a frozen dataclass whose
defaults are DeiT-Small's. A cls token and a distillation token ahead of the patches, learned
positions for both, pre-norm blocks, a final LayerNorm and a tanh pooler on the cls token."""

import argparse
import dataclasses
from dataclasses import dataclass, field

import torch
import torch.nn.functional as F
from torch import nn


@dataclass(frozen=True)
class DeiTSizes:
    image: int = field(default=224, metadata={"doc": "input resolution"})
    patch: int = field(default=16, metadata={"doc": "patch side"})
    dim: int = field(default=384, metadata={"doc": "embedding width"})
    depth: int = field(default=12, metadata={"doc": "transformer blocks"})
    heads: int = field(default=6, metadata={"doc": "attention heads"})
    mlp_dim: int = field(default=1536, metadata={"doc": "MLP hidden width"})
    eps: float = field(default=1e-12, metadata={"doc": "LayerNorm epsilon"})


COMMAND = (
    "--image {image} --patch {patch} --dim {dim} --depth {depth} --heads {heads} --mlp-dim {mlp}"
)

# the grid point this run is
GRID_POINT = {
    "image": 32,
    "patch": 8,
    "dim": 96,
    "depth": 3,
    "heads": 6,
    "mlp": 256,
}

parser = argparse.ArgumentParser()
for option in ("image", "patch", "dim", "depth", "heads", "mlp-dim"):
    parser.add_argument(f"--{option}", type=int, required=True)
parser.add_argument("--eps", type=float, default=1e-12)
ARGS = parser.parse_args(COMMAND.format_map(GRID_POINT).split())
CFG = DeiTSizes(**vars(ARGS))


def describe():
    return {f.name: (getattr(CFG, f.name), f.metadata["doc"]) for f in dataclasses.fields(CFG)}


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.ln1 = nn.LayerNorm(CFG.dim, eps=CFG.eps)
        self.qkv = nn.ModuleList(nn.Linear(CFG.dim, CFG.dim) for _ in range(3))
        self.proj = nn.Linear(CFG.dim, CFG.dim)
        self.ln2 = nn.LayerNorm(CFG.dim, eps=CFG.eps)
        self.mlp = nn.Sequential(
            nn.Linear(CFG.dim, CFG.mlp_dim), nn.GELU(), nn.Linear(CFG.mlp_dim, CFG.dim)
        )

    def forward(self, x):
        b, n, d = x.shape
        h = self.ln1(x)
        q, k, v = (lin(h).view(b, n, CFG.heads, -1).transpose(1, 2) for lin in self.qkv)
        x = x + self.proj(F.scaled_dot_product_attention(q, k, v).transpose(1, 2).reshape(b, n, d))
        return x + self.mlp(self.ln2(x))


class DeiT(nn.Module):
    def __init__(self):
        super().__init__()
        n = (CFG.image // CFG.patch) ** 2
        self.patch_embed = nn.Conv2d(3, CFG.dim, CFG.patch, stride=CFG.patch)
        self.cls_token = nn.Parameter(torch.zeros(1, 1, CFG.dim))
        self.dist_token = nn.Parameter(torch.zeros(1, 1, CFG.dim))
        self.pos_embed = nn.Parameter(torch.zeros(1, n + 2, CFG.dim))
        self.blocks = nn.Sequential(*[Block() for _ in range(CFG.depth)])
        self.norm = nn.LayerNorm(CFG.dim, eps=CFG.eps)
        self.pool = nn.Linear(CFG.dim, CFG.dim)

    def forward(self, img):
        x = self.patch_embed(img).flatten(2).transpose(1, 2)
        b = x.shape[0]
        x = torch.cat([self.cls_token.expand(b, -1, -1), self.dist_token.expand(b, -1, -1), x], 1)
        x = self.norm(self.blocks(x + self.pos_embed))
        return x, torch.tanh(self.pool(x[:, 0]))
