"""EfficientNet in pure torch: compound scaling of a block table, MBConv with squeeze-excitation (fresh batch, benchmarks/wild/fresh)."""

import math

import torch.nn as nn

BASE_BLOCKS = [
    # expand, channels, repeats, stride, kernel
    (1, 16, 1, 1, 3),
    (6, 24, 2, 2, 3),
    (6, 40, 2, 2, 5),
    (6, 80, 3, 2, 3),
    (6, 112, 3, 1, 5),
    (6, 192, 4, 2, 5),
    (6, 320, 1, 1, 3),
]
PHI = {"b0": (1.0, 1.0, 224, 0.2), "b1": (1.0, 1.1, 240, 0.2), "b2": (1.1, 1.2, 260, 0.3)}


def round_filters(c, width_mult, divisor=8):
    c *= width_mult
    new_c = max(divisor, int(c + divisor / 2) // divisor * divisor)
    if new_c < 0.9 * c:
        new_c += divisor
    return int(new_c)


def round_repeats(r, depth_mult):
    return int(math.ceil(depth_mult * r))


class ConvBNAct(nn.Sequential):
    def __init__(self, cin, cout, k, stride=1, groups=1, act=True):
        super().__init__(
            nn.Conv2d(cin, cout, k, stride, k // 2, groups=groups, bias=False),
            nn.BatchNorm2d(cout, momentum=0.01, eps=1e-3),
            nn.SiLU() if act else nn.Identity(),
        )


class SqueezeExcite(nn.Module):
    def __init__(self, cin, reduced):
        super().__init__()
        self.se = nn.Sequential(
            nn.AdaptiveAvgPool2d(1), nn.Conv2d(cin, reduced, 1), nn.SiLU(), nn.Conv2d(reduced, cin, 1), nn.Sigmoid()
        )

    def forward(self, x):
        return x * self.se(x)


class MBConv(nn.Module):
    def __init__(self, cin, cout, expand, k, stride, se_ratio=0.25):
        super().__init__()
        hidden = cin * expand
        self.use_res = stride == 1 and cin == cout
        layers = [] if expand == 1 else [ConvBNAct(cin, hidden, 1)]
        layers += [
            ConvBNAct(hidden, hidden, k, stride, groups=hidden),
            SqueezeExcite(hidden, max(1, int(cin * se_ratio))),
            ConvBNAct(hidden, cout, 1, act=False),
        ]
        self.block = nn.Sequential(*layers)

    def forward(self, x):
        return x + self.block(x) if self.use_res else self.block(x)


class EfficientNet(nn.Module):
    def __init__(self, version="b0", num_classes=1000):
        super().__init__()
        width, depth, _res, dropout = PHI[version]
        last = round_filters(1280, width)
        cin = round_filters(32, width)
        features = [ConvBNAct(3, cin, 3, stride=2)]
        for expand, c, r, s, k in BASE_BLOCKS:
            cout = round_filters(c, width)
            for i in range(round_repeats(r, depth)):
                features.append(MBConv(cin, cout, expand, k, s if i == 0 else 1))
                cin = cout
        features.append(ConvBNAct(cin, last, 1))
        self.features = nn.Sequential(*features)
        self.pool = nn.AdaptiveAvgPool2d(1)
        self.classifier = nn.Sequential(nn.Dropout(dropout), nn.Linear(last, num_classes))


model = EfficientNet("b2", num_classes=10)
