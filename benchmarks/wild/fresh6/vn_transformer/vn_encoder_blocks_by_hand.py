"""A VN encoder assembled from the library's linear, norm and encoder pieces, with a pooled output."""

import torch.nn as nn
from VN_transformer import VNLayerNorm, VNLinear, VNTransformerEncoder, VNWeightedPool


class PointVNNet(nn.Module):
    def __init__(self, dim_in=1, dim=48, depth=2, heads=4, pooled=4):
        super().__init__()
        self.proj_in = VNLinear(dim_in, dim)
        self.encoder = VNTransformerEncoder(dim, depth=depth, heads=heads, dim_head=24, ff_mult=2)
        self.norm = VNLayerNorm(dim)
        self.pool = VNWeightedPool(dim, dim_out=dim // 2, num_pooled_tokens=pooled)

    def forward(self, x):
        x = self.proj_in(x)
        x = self.encoder(x)
        return self.pool(self.norm(x))


model = PointVNNet(dim_in=1, dim=48, depth=2, heads=4, pooled=4)
