"""Zoo: depthwise-separable convolutions (groups=channels) as in MobileNet v1."""

import torch.nn as nn


class DepthwiseSeparable(nn.Module):
    def __init__(self, cin, cout, stride):
        super().__init__()
        self.dw = nn.Conv2d(cin, cin, 3, stride, 1, groups=cin, bias=False)
        self.bn1 = nn.BatchNorm2d(cin)
        self.pw = nn.Conv2d(cin, cout, 1, 1, 0, bias=False)
        self.bn2 = nn.BatchNorm2d(cout)


CFG = [(32, 64, 1), (64, 128, 2), (128, 128, 1), (128, 256, 2)]


class MobileNet(nn.Module):
    def __init__(self, width_mult=1.0, num_classes=20):
        super().__init__()
        c = lambda x: int(x * width_mult)  # noqa: E731
        self.stem = nn.Conv2d(3, c(32), 3, 2, 1, bias=False)
        self.blocks = nn.Sequential(*[DepthwiseSeparable(c(a), c(b), s) for a, b, s in CFG])
        self.classifier = nn.Linear(c(256), num_classes)


ENTRY = "MobileNet"
CONFIG = None
INPUT = None


def build():
    return MobileNet()
