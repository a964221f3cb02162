"""A set encoder of two induced set attention blocks (isab-pytorch) and a pooled classifier head."""

import torch.nn as nn
from isab_pytorch import ISAB


class SetClassifier(nn.Module):
    def __init__(self, dim_in=3, dim=64, heads=4, num_latents=16, num_classes=40):
        super().__init__()
        self.embed = nn.Linear(dim_in, dim)
        self.blocks = nn.ModuleList(
            [ISAB(dim=dim, heads=heads, num_latents=num_latents) for _ in range(2)]
        )
        self.head = nn.Sequential(nn.LayerNorm(dim), nn.Linear(dim, num_classes))

    def forward(self, x):
        x = self.embed(x)
        for block in self.blocks:
            x, _ = block(x)
        return self.head(x.max(dim=1).values)


model = SetClassifier(dim_in=3, dim=64, heads=4, num_latents=16, num_classes=40)
