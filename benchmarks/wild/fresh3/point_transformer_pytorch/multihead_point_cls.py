import torch.nn as nn
from point_transformer_pytorch import MultiheadPointTransformerLayer


class PointCls(nn.Module):
    def __init__(self, in_dim=3, dim=64, n_classes=40, depth=3):
        super().__init__()
        self.embed = nn.Linear(in_dim, dim)
        self.layers = nn.ModuleList(
            MultiheadPointTransformerLayer(dim=dim, heads=4, dim_head=16, num_neighbors=8)
            for _ in range(depth)
        )
        self.head = nn.Sequential(nn.LayerNorm(dim), nn.Linear(dim, n_classes))

    def forward(self, feats, pos):
        x = self.embed(feats)
        for layer in self.layers:
            x = layer(x, pos) + x
        return self.head(x.mean(1))


model = PointCls()
