"""A molecular energy regressor: a LieTransformer on atom features plus a user readout MLP."""

import torch.nn as nn
from lie_transformer_pytorch import LieTransformer


class EnergyModel(nn.Module):
    def __init__(self, feat_dim=16, dim=32, depth=2):
        super().__init__()
        self.atom_in = nn.Linear(feat_dim, dim)
        self.trunk = LieTransformer(dim=dim, depth=depth, heads=4, dim_head=8, k=32, nbhd=8)
        self.readout = nn.Sequential(nn.Linear(dim, dim), nn.SiLU(), nn.Linear(dim, 1))

    def forward(self, feats, coors, mask=None):
        x = self.trunk(self.atom_in(feats), coors, mask=mask)
        return self.readout(x).sum(dim=1)


model = EnergyModel(feat_dim=16, dim=32, depth=2)
