"""DeiT, its sizes kept as a Keras user keeps a layer's: a settings class whose ``__init__`` takes
keywords (DeiT-Small's defaults), ``get_config()`` returning them as a dict and the classmethod
``from_config(config)`` rebuilding it; the run restores the saved config (``SAVED``) over a fresh
default one, ``from_config({**DeiTSettings().get_config(), **SAVED})``. A cls and a distillation
token, learned positions, pre-norm blocks, a final LayerNorm and a tanh pooler on the cls token."""

import torch
import torch.nn.functional as F
from torch import nn


class DeiTSettings:
    def __init__(
        self, image=224, patch=16, dim=384, depth=12, heads=6, mlp_dim=1536, eps=1e-6, **kwargs
    ):
        self.image = image
        self.patch = patch
        self.dim = dim
        self.depth = depth
        self.heads = heads
        self.mlp_dim = mlp_dim
        self.eps = eps
        self.extra = kwargs

    def get_config(self):
        return {
            "image": self.image,
            "patch": self.patch,
            "dim": self.dim,
            "depth": self.depth,
            "heads": self.heads,
            "mlp_dim": self.mlp_dim,
            "eps": self.eps,
        }

    @classmethod
    def from_config(cls, config):
        return cls(**config)


# what the run saved with its checkpoint (``model.get_config()``)
SAVED = {
    "image": 32,
    "patch": 8,
    "dim": 96,
    "depth": 3,
    "heads": 6,
    "mlp_dim": 256,
    "eps": 1e-12,
    "name": "deit_tiny_run",
}
CFG = DeiTSettings.from_config({**DeiTSettings().get_config(), **SAVED})


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
