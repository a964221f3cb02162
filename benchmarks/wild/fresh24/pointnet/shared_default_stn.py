"""Two PointNet classifiers (coarse and fine labels) built with the library's default spatial transformer.

The default `stn_3d=STN(in_dim=3)` is evaluated once, when the class is defined, so both heads get the
same STN module object.
"""

import torch.nn as nn
from pointnet import PointNetCls


class TwoLevelLabeler(nn.Module):
    def __init__(self, in_dim=6, coarse=4, fine=12):
        super().__init__()
        self.coarse = PointNetCls(in_dim=in_dim, out_dim=coarse, dropout=0.2)
        self.fine = PointNetCls(in_dim=in_dim, out_dim=fine, dropout=0.2)

    def forward(self, x):
        return self.coarse(x), self.fine(x)


model = TwoLevelLabeler(in_dim=6, coarse=4, fine=12)
