"""DCN-Mix: a low-rank mixture-of-experts cross network plus a CrossNet (v1) baseline."""

import torch.nn as nn
from fuxictr.pytorch.layers import CrossNet, CrossNetMix

model = nn.Sequential(
    CrossNetMix(in_features=40, layer_num=3, low_rank=8, num_experts=3),
    CrossNet(input_dim=40, num_layers=2),
)
