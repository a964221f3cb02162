"""A conv-BN network fused for export with torch.nn.utils.fusion; the fused copy is the model."""

import copy

import torch.nn as nn
from torch.nn.utils.fusion import fuse_conv_bn_eval


def conv_bn(cin, cout, stride=1):
    return nn.Sequential(
        nn.Conv2d(cin, cout, 3, stride, 1, bias=False), nn.BatchNorm2d(cout), nn.ReLU6()
    )


net = nn.Sequential(
    conv_bn(3, 16, 2), conv_bn(16, 32), conv_bn(32, 32, 2), nn.Flatten(), nn.LazyLinear(10)
)
net[-1] = nn.Linear(32 * 8 * 8, 10)
net.eval()
fused = copy.deepcopy(net)
for i in range(3):
    conv, bn, act = fused[i]
    fused[i] = nn.Sequential(fuse_conv_bn_eval(conv, bn), act)
model = fused
