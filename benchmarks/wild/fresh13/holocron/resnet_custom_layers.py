"""holocron's generic ResNet class with custom activation / norm and a deep stem."""

import torch.nn as nn
from holocron.models import ResNet
from holocron.models.classification.resnet import BasicBlock

model = ResNet(
    BasicBlock,
    num_blocks=[1, 1, 1],
    planes=[16, 32, 64],
    num_classes=10,
    in_channels=3,
    act_layer=nn.SiLU(inplace=True),
    norm_layer=lambda c: nn.GroupNorm(4, c),
    deep_stem=True,
)
