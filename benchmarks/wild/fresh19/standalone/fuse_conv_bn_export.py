"""Deployment export: conv+BN pairs fused with torch.nn.utils.fusion before saving."""

import torch.nn as nn
from torch.nn.utils.fusion import fuse_conv_bn_eval


def conv_bn(cin, cout, stride=1):
    return nn.Conv2d(cin, cout, 3, stride, 1, bias=False), nn.BatchNorm2d(cout)


pairs = [conv_bn(3, 16, 2), conv_bn(16, 32, 2), conv_bn(32, 32)]
trained = nn.Sequential(*[m for p in pairs for m in p]).eval()

fused = [fuse_conv_bn_eval(c, b) for c, b in pairs]
model = nn.Sequential()
for i, conv in enumerate(fused):
    model.add_module(f"conv{i}", conv)
    model.add_module(f"act{i}", nn.ReLU6())
model.add_module("pool", nn.AdaptiveAvgPool2d(1))
model.add_module("flat", nn.Flatten())
model.add_module("fc", nn.Linear(32, 10))
