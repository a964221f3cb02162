"""MobileNet v1 (Howard et al., 2017) at width multiplier 0.25, written the Keras way: a
``Sequential``-like builder whose ``add`` appends a conv-BN-ReLU6 unit and tracks the current
channel count, so each unit only names its output width; 13 depthwise-separable blocks after
a strided stem, widths doubling at each stride-2 block (never below ``MIN_DEPTH``), no
classifier (features and their global average)."""

from torch import nn

ALPHA = 0.25
MIN_DEPTH = 16
BN_EPS = 1e-3
STRIDES = [1, 2, 1, 2, 1, 2, 1, 1, 1, 1, 1, 2, 1]


class Builder(nn.Sequential):
    def __init__(self, in_channels):
        super().__init__()
        self.channels = in_channels

    def add(self, out_channels, kernel, stride=1, depthwise=False):
        groups = self.channels if depthwise else 1
        unit = nn.Sequential(
            nn.Conv2d(
                self.channels, out_channels, kernel, stride, kernel // 2, groups=groups, bias=False
            ),
            nn.BatchNorm2d(out_channels, eps=BN_EPS),
            nn.ReLU6(),
        )
        self.append(unit)
        self.channels = out_channels
        return self


def width(depth):
    return max(int(depth * ALPHA), MIN_DEPTH)


class MobileNetV1(nn.Module):
    def __init__(self):
        super().__init__()
        depth = 32
        net = Builder(3).add(width(depth), 3, stride=2)
        for i, stride in enumerate(STRIDES):
            if stride == 2 or i == 0:
                depth *= 2
            net.add(net.channels, 3, stride=stride, depthwise=True)
            net.add(width(depth), 1)
        self.features = net

    def forward(self, pixels):
        x = self.features(pixels)
        return x, x.mean(dim=(2, 3))
