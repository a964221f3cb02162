"""MobileNetV3-Large from its table (kernel, expansion, out, SE, activation, stride)."""

import torch.nn as nn


def make_divisible(v, d=8):
    n = max(d, int(v + d / 2) // d * d)
    return n + d if n < 0.9 * v else n


class SE(nn.Module):
    def __init__(self, c):
        super().__init__()
        r = make_divisible(c // 4)
        self.fc1 = nn.Conv2d(c, r, 1)
        self.fc2 = nn.Conv2d(r, c, 1)


class InvertedResidual(nn.Module):
    def __init__(self, i, k, e, o, se, hs, s):
        super().__init__()
        act = nn.Hardswish if hs else nn.ReLU
        layers = []
        if e != i:
            layers += [nn.Conv2d(i, e, 1, bias=False), nn.BatchNorm2d(e), act()]
        layers += [nn.Conv2d(e, e, k, s, k // 2, groups=e, bias=False), nn.BatchNorm2d(e), act()]
        if se:
            layers.append(SE(e))
        layers += [nn.Conv2d(e, o, 1, bias=False), nn.BatchNorm2d(o)]
        self.block = nn.Sequential(*layers)


CFG = [
    (3, 16, 16, False, False, 1),
    (3, 64, 24, False, False, 2),
    (3, 72, 24, False, False, 1),
    (5, 72, 40, True, False, 2),
    (5, 120, 40, True, False, 1),
    (5, 120, 40, True, False, 1),
    (3, 240, 80, False, True, 2),
    (3, 200, 80, False, True, 1),
    (3, 184, 80, False, True, 1),
    (3, 184, 80, False, True, 1),
    (3, 480, 112, True, True, 1),
    (3, 672, 112, True, True, 1),
    (5, 672, 160, True, True, 2),
    (5, 960, 160, True, True, 1),
    (5, 960, 160, True, True, 1),
]


class MobileNetV3(nn.Module):
    def __init__(self, num_classes=1000, width=1.0):
        super().__init__()
        c = make_divisible(16 * width)
        layers = [
            nn.Sequential(nn.Conv2d(3, c, 3, 2, 1, bias=False), nn.BatchNorm2d(c), nn.Hardswish())
        ]
        for k, e, o, se, hs, s in CFG:
            o2 = make_divisible(o * width)
            layers.append(InvertedResidual(c, k, make_divisible(e * width), o2, se, hs, s))
            c = o2
        last = 6 * c
        layers.append(
            nn.Sequential(nn.Conv2d(c, last, 1, bias=False), nn.BatchNorm2d(last), nn.Hardswish())
        )
        self.features = nn.Sequential(*layers)
        self.classifier = nn.Sequential(
            nn.Linear(last, 1280), nn.Hardswish(), nn.Dropout(0.2), nn.Linear(1280, num_classes)
        )


model = MobileNetV3(num_classes=100, width=0.75)
