"""bitorch's binary ResNet basic blocks (V1 and V2) stacked by hand, with a stride-2 channel change."""

import torch.nn as nn
from bitorch.models.resnet import BasicBlockV1, BasicBlockV2

model = nn.Sequential(
    nn.Conv2d(3, 16, 3, padding=1, bias=False),
    BasicBlockV1(16, 16, 1),
    BasicBlockV2(16, 32, 2),
    nn.AdaptiveAvgPool2d(1),
    nn.Flatten(),
    nn.Linear(32, 10),
)
