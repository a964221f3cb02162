"""ResNet with bottleneck blocks, written the torchvision way: a _make_layer method and a
running self.inplanes; 1x1 reduce, 3x3 (carrying the stride), 1x1 expand; projection
shortcuts where the shape changes."""

import torch.nn as nn


def conv_bn(cin, cout, k, stride=1):
    return nn.Sequential(nn.Conv2d(cin, cout, k, stride, k // 2, bias=False), nn.BatchNorm2d(cout))


class Bottleneck(nn.Module):
    reduction = 4

    def __init__(self, cin, cout, stride):
        super().__init__()
        mid = cout // self.reduction
        self.reduce = conv_bn(cin, mid, 1)
        self.conv = conv_bn(mid, mid, 3, stride)
        self.expand = conv_bn(mid, cout, 1)
        self.shortcut = conv_bn(cin, cout, 1, stride) if cin != cout or stride != 1 else nn.Identity()
        self.relu = nn.ReLU()

    def forward(self, x):
        y = self.relu(self.reduce(x))
        y = self.relu(self.conv(y))
        return self.relu(self.expand(y) + self.shortcut(x))


class ResNet(nn.Module):
    def __init__(self, stem=16, widths=(32, 64), depths=(1, 2)):
        super().__init__()
        self.stem = nn.Sequential(conv_bn(3, stem, 7, 2), nn.ReLU(), nn.MaxPool2d(3, 2, 1))
        self.inplanes = stem
        self.stages = nn.Sequential(
            *[self._make_layer(w, d, 1 if i == 0 else 2) for i, (w, d) in enumerate(zip(widths, depths))]
        )
        self.pool = nn.AdaptiveAvgPool2d(1)

    def _make_layer(self, width, depth, stride):
        blocks = [Bottleneck(self.inplanes, width, stride)]
        self.inplanes = width
        for _ in range(1, depth):
            blocks.append(Bottleneck(width, width, 1))
        return nn.Sequential(*blocks)

    def forward(self, x):
        return self.pool(self.stages(self.stem(x))).flatten(1)
