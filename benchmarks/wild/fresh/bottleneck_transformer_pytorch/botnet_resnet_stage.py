"""bottleneck_transformer_pytorch: a ResNet whose last stage is a BottleStack (the README's BoTNet) (fresh batch, benchmarks/wild/fresh)."""

import torch.nn as nn
from bottleneck_transformer_pytorch import BottleStack

layer = BottleStack(
    dim=64,
    fmap_size=16,
    dim_out=256,
    proj_factor=4,
    downsample=True,
    heads=4,
    dim_head=32,
    rel_pos_emb=True,
    activation=nn.ReLU(),
)

stem = nn.Sequential(
    nn.Conv2d(3, 32, 3, stride=2, padding=1, bias=False),
    nn.BatchNorm2d(32),
    nn.ReLU(inplace=True),
    nn.Conv2d(32, 64, 3, padding=1, bias=False),
    nn.BatchNorm2d(64),
    nn.ReLU(inplace=True),
)
model = nn.Sequential(
    stem,
    layer,
    nn.AdaptiveAvgPool2d((1, 1)),
    nn.Flatten(1),
    nn.Linear(256, 10),
)
