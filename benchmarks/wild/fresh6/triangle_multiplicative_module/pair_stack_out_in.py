"""A pair-representation trunk: outgoing then incoming triangle updates per block (AlphaFold2 style)."""

import torch.nn as nn
from triangle_multiplicative_module import TriangleMultiplicativeModule


class PairBlock(nn.Module):
    def __init__(self, dim, hidden_dim):
        super().__init__()
        self.tri_out = TriangleMultiplicativeModule(dim=dim, hidden_dim=hidden_dim, mix="outgoing")
        self.tri_in = TriangleMultiplicativeModule(dim=dim, hidden_dim=hidden_dim, mix="ingoing")
        self.transition = nn.Sequential(
            nn.LayerNorm(dim), nn.Linear(dim, dim * 4), nn.ReLU(), nn.Linear(dim * 4, dim)
        )

    def forward(self, z, mask=None):
        z = z + self.tri_out(z, mask=mask)
        z = z + self.tri_in(z, mask=mask)
        return z + self.transition(z)


class PairTrunk(nn.Module):
    def __init__(self, dim=32, hidden_dim=32, depth=4):
        super().__init__()
        self.blocks = nn.ModuleList([PairBlock(dim, hidden_dim) for _ in range(depth)])

    def forward(self, z, mask=None):
        for block in self.blocks:
            z = block(z, mask)
        return z


model = PairTrunk(dim=32, hidden_dim=32, depth=4)
