# TF-style "SAME" conv as an nn.Conv2d subclass; stage widths from math.ceil of a multiplier
import math

import torch.nn as nn
import torch.nn.functional as F


class Conv2dSame(nn.Conv2d):
    def __init__(self, in_ch, out_ch, kernel_size, stride=1, bias=False):
        super().__init__(in_ch, out_ch, kernel_size, stride=stride, padding=0, bias=bias)

    def forward(self, x):
        ih, iw = x.shape[-2:]
        kh, kw = self.kernel_size
        sh, sw = self.stride
        ph = max((math.ceil(ih / sh) - 1) * sh + kh - ih, 0)
        pw = max((math.ceil(iw / sw) - 1) * sw + kw - iw, 0)
        x = F.pad(x, [pw // 2, pw - pw // 2, ph // 2, ph - ph // 2])
        return super().forward(x)


mult = 1.35
widths = [math.ceil(c * mult) for c in (16, 24, 40, 80)]
layers = [Conv2dSame(3, widths[0], 3, stride=2), nn.BatchNorm2d(widths[0]), nn.SiLU()]
for a, b in zip(widths, widths[1:]):
    layers += [Conv2dSame(a, b, 5, stride=2), nn.BatchNorm2d(b), nn.SiLU()]
layers += [nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(widths[-1], 100, bias=True)]
model = nn.Sequential(*layers)
