"""An EMA of a small convnet (ema-pytorch): the wrapper holds the online model and its copy."""

import torch.nn as nn
from ema_pytorch import EMA


def conv_bn(cin, cout, stride=1):
    return nn.Sequential(
        nn.Conv2d(cin, cout, 3, stride, 1, bias=False), nn.BatchNorm2d(cout), nn.ReLU()
    )


net = nn.Sequential(
    conv_bn(3, 32),
    conv_bn(32, 64, 2),
    conv_bn(64, 128, 2),
    nn.AdaptiveAvgPool2d(1),
    nn.Flatten(),
    nn.Linear(128, 10),
)

model = EMA(net, beta=0.999, update_after_step=100, update_every=10)
