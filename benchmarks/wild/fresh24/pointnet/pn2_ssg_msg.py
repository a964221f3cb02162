"""PointNet++ single-scale and multi-scale classifiers compared side by side in a ModuleList."""

import torch.nn as nn
from pointnet import PointNet2ClsMSG, PointNet2ClsSSG

settings = dict(downsample_points=(256, 64), head_norm=True, dropout=0.4)
model = nn.ModuleList(
    [
        PointNet2ClsSSG(in_dim=3, out_dim=10, radii=(0.15, 0.3), ks=(16, 32), **settings),
        PointNet2ClsMSG(in_dim=3, out_dim=10, base_radius=0.05, base_k=8, **settings),
    ]
)
