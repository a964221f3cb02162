"""Norm conversion after build: a recursive walk replaces every BatchNorm2d by a GroupNorm of the same
width (setattr on the parent) and every ReLU that follows a conv by a channel-wise PReLU."""

import torch.nn as nn


class Bottleneck(nn.Module):
    def __init__(self, c, mid):
        super().__init__()
        self.conv1 = nn.Conv2d(c, mid, 1, bias=False)
        self.bn1 = nn.BatchNorm2d(mid)
        self.act1 = nn.ReLU()
        self.conv2 = nn.Conv2d(mid, mid, 3, padding=1, bias=False)
        self.bn2 = nn.BatchNorm2d(mid)
        self.act2 = nn.ReLU()
        self.conv3 = nn.Conv2d(mid, c, 1, bias=False)
        self.bn3 = nn.BatchNorm2d(c)


def convert(module, groups=8):
    last_channels = None
    for name, child in list(module.named_children()):
        if isinstance(child, nn.Conv2d):
            last_channels = child.out_channels
        if isinstance(child, nn.BatchNorm2d):
            setattr(module, name, nn.GroupNorm(min(groups, child.num_features), child.num_features))
        elif isinstance(child, nn.ReLU) and last_channels is not None:
            setattr(module, name, nn.PReLU(num_parameters=last_channels))
        else:
            convert(child, groups)
    return module


net = nn.Sequential(
    nn.Conv2d(3, 64, 7, 2, 3, bias=False),
    nn.BatchNorm2d(64),
    nn.ReLU(),
    *[Bottleneck(64, 16) for _ in range(3)],
    nn.AdaptiveAvgPool2d(1),
    nn.Flatten(),
    nn.Linear(64, 10),
)
model = convert(net, groups=4)
