"""ConvNeXt from holocron's class with a replaced classifier head for 3 classes."""

import torch.nn as nn
from holocron.models import ConvNeXt

model = ConvNeXt(
    num_blocks=[1, 1, 2, 1], planes=[16, 32, 64, 128], num_classes=1000, stochastic_depth_prob=0.1
)
model[-1] = nn.Sequential(
    nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.LayerNorm(128), nn.Linear(128, 3)
)
