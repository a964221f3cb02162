# dataclass __post_init__ derives the patch grid and the token count for a ViT
from dataclasses import dataclass, field

import torch
import torch.nn as nn


@dataclass
class ViTCfg:
    image: int = 96
    patch: int = 12
    dim: int = 192
    depth: int = 3
    heads: int = 3
    grid: int = field(init=False)
    n_tokens: int = field(init=False)

    def __post_init__(self):
        self.grid = self.image // self.patch
        self.n_tokens = self.grid**2 + 1


class ViT(nn.Module):
    def __init__(self, c: ViTCfg, classes=100):
        super().__init__()
        self.patch = nn.Conv2d(3, c.dim, c.patch, c.patch)
        self.cls = nn.Parameter(torch.zeros(1, 1, c.dim))
        self.pos = nn.Parameter(torch.zeros(1, c.n_tokens, c.dim))
        self.blocks = nn.TransformerEncoder(
            nn.TransformerEncoderLayer(
                c.dim, c.heads, 4 * c.dim, batch_first=True, norm_first=True
            ),
            c.depth,
        )
        self.head = nn.Linear(c.dim, classes)


model = ViT(ViTCfg(image=96, patch=12), classes=100)
