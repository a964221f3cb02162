"""Zoo: depthwise-separable convolutions (groups=channels) as in MobileNet v1."""

import torch.nn as nn
import torch.nn.functional as F


class DepthwiseSeparable(nn.Module):
    def __init__(self, cin, cout, stride):
        super().__init__()
        self.dw = nn.Conv2d(cin, cin, 3, stride, 1, groups=cin, bias=False)
        self.bn1 = nn.BatchNorm2d(cin)
        self.pw = nn.Conv2d(cin, cout, 1, 1, 0, bias=False)
        self.bn2 = nn.BatchNorm2d(cout)

    def forward(self, x):
        x = F.relu(self.bn1(self.dw(x)))
        return F.relu(self.bn2(self.pw(x)))


CFG = [(32, 64, 1), (64, 128, 2), (128, 128, 1), (128, 256, 2)]


class MobileNet(nn.Module):
    def __init__(self, width_mult=1.0, num_classes=20):
        super().__init__()
        c = lambda x: int(x * width_mult)  # noqa: E731
        self.stem = nn.Conv2d(3, c(32), 3, 2, 1, bias=False)
        self.blocks = nn.Sequential(*[DepthwiseSeparable(c(a), c(b), s) for a, b, s in CFG])
        self.classifier = nn.Linear(c(256), num_classes)

    def forward(self, x):
        x = self.blocks(F.relu(self.stem(x)))
        x = F.adaptive_avg_pool2d(x, 1).flatten(1)
        return self.classifier(x)


ENTRY = "MobileNet"
CONFIG = None
INPUT = (2, 3, 32, 32)


def build():
    return MobileNet()
