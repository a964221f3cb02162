"""EfficientNetV2-S-like: Fused-MBConv and MBConv stages from a block table, stochastic depth, SE."""

import torch.nn as nn

# expand, kernel, stride, in, out, layers, fused
V2_S = [
    (1, 3, 1, 24, 24, 2, True),
    (4, 3, 2, 24, 48, 4, True),
    (4, 3, 2, 48, 64, 4, True),
    (4, 3, 2, 64, 128, 6, False),
    (6, 3, 1, 128, 160, 9, False),
    (6, 3, 2, 160, 256, 15, False),
]


class SE(nn.Module):
    def __init__(self, cin, squeeze):
        super().__init__()
        self.fc1 = nn.Conv2d(cin, squeeze, 1)
        self.fc2 = nn.Conv2d(squeeze, cin, 1)

    def forward(self, x):
        s = x.mean((2, 3), keepdim=True)
        return x * self.fc2(nn.functional.silu(self.fc1(s))).sigmoid()


def cba(cin, cout, k, s, groups=1, act=True):
    mods = [
        nn.Conv2d(cin, cout, k, s, k // 2, groups=groups, bias=False),
        nn.BatchNorm2d(cout, eps=1e-3),
    ]
    return nn.Sequential(*mods, nn.SiLU()) if act else nn.Sequential(*mods)


class MBConv(nn.Module):
    def __init__(self, expand, k, stride, cin, cout, fused):
        super().__init__()
        mid = cin * expand
        if fused:
            layers = [cba(cin, mid, k, stride)] + (
                [cba(mid, cout, 1, 1, act=False)] if expand != 1 else []
            )
            if expand == 1:
                layers = [cba(cin, cout, k, stride)]
        else:
            layers = [
                cba(cin, mid, 1, 1),
                cba(mid, mid, k, stride, groups=mid),
                SE(mid, max(1, cin // 4)),
                cba(mid, cout, 1, 1, act=False),
            ]
        self.block = nn.Sequential(*layers)
        self.use_res = stride == 1 and cin == cout

    def forward(self, x):
        return x + self.block(x) if self.use_res else self.block(x)


class EfficientNetV2(nn.Module):
    def __init__(self, table, width=1.0, num_classes=1000, last_channel=1280):
        super().__init__()
        ch = lambda c: int(c * width)  # noqa: E731
        self.stem = cba(3, ch(table[0][3]), 3, 2)
        blocks = []
        for expand, k, stride, cin, cout, n, fused in table:
            for i in range(n):
                blocks.append(
                    MBConv(
                        expand,
                        k,
                        stride if i == 0 else 1,
                        ch(cin) if i == 0 else ch(cout),
                        ch(cout),
                        fused,
                    )
                )
        self.blocks = nn.Sequential(*blocks)
        self.head = cba(ch(table[-1][4]), last_channel, 1, 1)
        self.classifier = nn.Sequential(
            nn.AdaptiveAvgPool2d(1),
            nn.Flatten(),
            nn.Dropout(0.2),
            nn.Linear(last_channel, num_classes),
        )


model = EfficientNetV2(V2_S, width=0.5, num_classes=10, last_channel=640)
