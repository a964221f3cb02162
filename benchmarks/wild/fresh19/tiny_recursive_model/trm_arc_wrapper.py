"""ARC-style grid puzzles: a colour embedding bias added on top of a TRM with a custom core."""

import torch
import torch.nn as nn
from tiny_recursive_model import TinyRecursiveModel


class GatedMLPCore(nn.Module):
    def __init__(self, dim, hidden, layers):
        super().__init__()
        self.layers = nn.ModuleList(
            nn.Sequential(
                nn.LayerNorm(dim), nn.Linear(dim, hidden * 2), nn.GLU(), nn.Linear(hidden, dim)
            )
            for _ in range(layers)
        )

    def forward(self, x):
        for layer in self.layers:
            x = x + layer(x)
        return x


class ARCSolver(nn.Module):
    def __init__(self, grid=10, colours=10, dim=40):
        super().__init__()
        self.pos = nn.Parameter(torch.zeros(grid * grid, dim))
        self.trm = TinyRecursiveModel(
            dim=dim,
            num_tokens=colours,
            network=GatedMLPCore(dim, dim * 2, 3),
            num_refinement_blocks=2,
        )


model = ARCSolver(grid=8, colours=10, dim=40)
