"""The normalized transformer used as a sequence encoder over precomputed features."""

import torch.nn as nn
from nGPT_pytorch import nTransformer


class FeatureEncoder(nn.Module):
    def __init__(self, in_dim=40, dim=64, depth=3, n_classes=7):
        super().__init__()
        self.proj_in = nn.Linear(in_dim, dim)
        self.body = nTransformer(dim=dim, depth=depth, dim_head=16, heads=4, causal=False, rotary_embed=True)
        self.head = nn.Linear(dim, n_classes)


model = FeatureEncoder()
