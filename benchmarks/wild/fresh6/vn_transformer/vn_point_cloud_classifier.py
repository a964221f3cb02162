"""A rotation-equivariant point-cloud encoder (VN-Transformer) with an invariant classifier head."""

import torch.nn as nn
from VN_transformer import VNInvariant, VNTransformer


class VNClassifier(nn.Module):
    def __init__(self, dim=32, depth=2, heads=4, dim_head=16, num_classes=15):
        super().__init__()
        self.encoder = VNTransformer(
            dim=dim, depth=depth, heads=heads, dim_head=dim_head, reduce_dim_out=False
        )
        self.invariant = VNInvariant(dim)
        self.head = nn.Linear(dim * 3, num_classes)

    def forward(self, coors):
        feats = self.encoder(coors)
        inv = self.invariant(feats)
        return self.head(inv.mean(dim=1).flatten(1))


model = VNClassifier(dim=32, depth=2, heads=4, dim_head=16, num_classes=15)
