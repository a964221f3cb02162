"""RegNetX from its design-space parameters: widths quantized from (w_0, w_a, w_m, depth) with numpy."""

import numpy as np
import torch.nn as nn


def generate_widths(w_a, w_0, w_m, depth, q=8):
    ws_cont = np.arange(depth) * w_a + w_0
    ks = np.round(np.log(ws_cont / w_0) / np.log(w_m))
    ws = w_0 * np.power(w_m, ks)
    ws = (np.round(ws / q) * q).astype(int)
    widths, depths = np.unique(ws, return_counts=True)
    return [int(w) for w in widths], [int(d) for d in depths]


def adjust_for_groups(widths, group_w):
    groups = [min(group_w, w) for w in widths]
    return [int(round(w / g) * g) for w, g in zip(widths, groups)], groups


class XBlock(nn.Module):
    def __init__(self, w_in, w_out, stride, group_w):
        super().__init__()
        g = w_out // group_w
        self.a = nn.Sequential(
            nn.Conv2d(w_in, w_out, 1, bias=False), nn.BatchNorm2d(w_out), nn.ReLU()
        )
        self.b = nn.Sequential(
            nn.Conv2d(w_out, w_out, 3, stride, 1, groups=g, bias=False),
            nn.BatchNorm2d(w_out),
            nn.ReLU(),
        )
        self.c = nn.Sequential(nn.Conv2d(w_out, w_out, 1, bias=False), nn.BatchNorm2d(w_out))
        self.proj = None
        if w_in != w_out or stride != 1:
            self.proj = nn.Sequential(
                nn.Conv2d(w_in, w_out, 1, stride, bias=False), nn.BatchNorm2d(w_out)
            )
        self.relu = nn.ReLU()

    def forward(self, x):
        skip = x if self.proj is None else self.proj(x)
        return self.relu(self.c(self.b(self.a(x))) + skip)


class RegNet(nn.Module):
    def __init__(self, w_a=24.48, w_0=24, w_m=2.54, depth=13, group_w=8, stem_w=32, num_classes=10):
        super().__init__()
        widths, depths = generate_widths(w_a, w_0, w_m, depth)
        widths, _ = adjust_for_groups(widths, group_w)
        self.stem = nn.Sequential(
            nn.Conv2d(3, stem_w, 3, 2, 1, bias=False), nn.BatchNorm2d(stem_w), nn.ReLU()
        )
        stages, w_in = [], stem_w
        for w, d in zip(widths, depths):
            stages.append(
                nn.Sequential(
                    *[
                        XBlock(w_in if i == 0 else w, w, 2 if i == 0 else 1, group_w)
                        for i in range(d)
                    ]
                )
            )
            w_in = w
        self.trunk = nn.Sequential(*stages)
        self.head = nn.Linear(w_in, num_classes)

    def forward(self, x):
        return self.head(self.trunk(self.stem(x)).mean((2, 3)))


# RegNetX-200MF's design parameters
model = RegNet(w_a=36.44, w_0=24, w_m=2.49, depth=13, group_w=8, num_classes=10)
