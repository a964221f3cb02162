"""Xception: entry, middle (one block repeated in a loop) and exit flows of separable convs."""

import torch.nn as nn


class SeparableConv2d(nn.Module):
    def __init__(self, cin, cout, k=3, stride=1, padding=1, bias=False):
        super().__init__()
        self.conv1 = nn.Conv2d(cin, cin, k, stride, padding, groups=cin, bias=bias)
        self.pointwise = nn.Conv2d(cin, cout, 1, bias=bias)

    def forward(self, x):
        return self.pointwise(self.conv1(x))


class Block(nn.Module):
    def __init__(self, cin, cout, reps, strides=1, start_with_relu=True, grow_first=True):
        super().__init__()
        self.skip = None
        if cout != cin or strides != 1:
            self.skip = nn.Sequential(
                nn.Conv2d(cin, cout, 1, strides, bias=False), nn.BatchNorm2d(cout)
            )
        rep, filters = [], cin
        if grow_first:
            rep += [nn.ReLU(inplace=True), SeparableConv2d(cin, cout), nn.BatchNorm2d(cout)]
            filters = cout
        for _ in range(reps - 1):
            rep += [
                nn.ReLU(inplace=True),
                SeparableConv2d(filters, filters),
                nn.BatchNorm2d(filters),
            ]
        if not grow_first:
            rep += [nn.ReLU(inplace=True), SeparableConv2d(cin, cout), nn.BatchNorm2d(cout)]
        if not start_with_relu:
            rep = rep[1:]
        else:
            rep[0] = nn.ReLU(inplace=False)
        if strides != 1:
            rep.append(nn.MaxPool2d(3, strides, 1))
        self.rep = nn.Sequential(*rep)

    def forward(self, x):
        return self.rep(x) + (x if self.skip is None else self.skip(x))


class Xception(nn.Module):
    def __init__(self, num_classes=10, width=0.25, middle_repeats=8):
        super().__init__()
        c = lambda n: int(n * width)  # noqa: E731
        self.conv1 = nn.Conv2d(3, c(32), 3, 2, 0, bias=False)
        self.bn1 = nn.BatchNorm2d(c(32))
        self.conv2 = nn.Conv2d(c(32), c(64), 3, bias=False)
        self.bn2 = nn.BatchNorm2d(c(64))
        self.entry = nn.Sequential(
            Block(c(64), c(128), 2, 2, start_with_relu=False),
            Block(c(128), c(256), 2, 2),
            Block(c(256), c(728), 2, 2),
        )
        middle = []
        for _ in range(middle_repeats):
            middle.append(Block(c(728), c(728), 3, 1))
        self.middle = nn.Sequential(*middle)
        self.exit = Block(c(728), c(1024), 2, 2, grow_first=False)
        self.conv3 = SeparableConv2d(c(1024), c(1536))
        self.bn3 = nn.BatchNorm2d(c(1536))
        self.conv4 = SeparableConv2d(c(1536), c(2048))
        self.bn4 = nn.BatchNorm2d(c(2048))
        self.fc = nn.Linear(c(2048), num_classes)

    def forward(self, x):
        x = self.bn2(self.conv2(self.bn1(self.conv1(x)).relu())).relu()
        x = self.exit(self.middle(self.entry(x)))
        x = self.bn4(self.conv4(self.bn3(self.conv3(x)).relu())).relu()
        return self.fc(x.mean((2, 3)))


model = Xception(num_classes=10, width=0.25, middle_repeats=8)
