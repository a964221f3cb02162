"""Post-training surgery: conv+BN fusion with torch's fuser, then L1 pruning of the fused convs."""

import torch.nn as nn
import torch.nn.utils.prune as prune
from torch.nn.utils.fusion import fuse_conv_bn_eval


def block(cin, cout):
    return nn.Sequential(nn.Conv2d(cin, cout, 3, padding=1), nn.BatchNorm2d(cout), nn.ReLU())


net = nn.Sequential(
    block(3, 16),
    block(16, 32),
    block(32, 32),
    nn.AdaptiveAvgPool2d(1),
    nn.Flatten(),
    nn.Linear(32, 10),
).eval()
for stage in list(net)[:3]:
    stage[0] = fuse_conv_bn_eval(stage[0], stage[1])
    stage[1] = nn.Identity()
    prune.l1_unstructured(stage[0], "weight", amount=0.3)
prune.random_unstructured(net[5], "weight", amount=0.5)
prune.remove(net[5], "weight")
model = net
