"""EfficientDet-style BiFPN: depthwise-separable convs and fast normalized fusion weights."""

import torch
import torch.nn as nn
import torch.nn.functional as F


class SeparableConv(nn.Module):
    def __init__(self, ch):
        super().__init__()
        self.dw = nn.Conv2d(ch, ch, 3, padding=1, groups=ch, bias=False)
        self.pw = nn.Conv2d(ch, ch, 1)
        self.bn = nn.BatchNorm2d(ch, momentum=0.01, eps=1e-3)

    def forward(self, x):
        return self.bn(self.pw(self.dw(x)))


class BiFPNLayer(nn.Module):
    """P3..P7 top-down then bottom-up; every fusion node has its own learnable input weights."""

    def __init__(self, ch, levels=5, eps=1e-4):
        super().__init__()
        self.eps = eps
        self.levels = levels
        self.td_convs = nn.ModuleList(SeparableConv(ch) for _ in range(levels - 1))
        self.bu_convs = nn.ModuleList(SeparableConv(ch) for _ in range(levels - 1))
        self.td_w = nn.Parameter(torch.ones(levels - 1, 2))
        # bottom-up nodes fuse three inputs, except the top one (two)
        self.bu_w = nn.Parameter(torch.ones(levels - 1, 3))

    def fuse(self, w, xs):
        w = F.relu(w[: len(xs)])
        w = w / (w.sum() + self.eps)
        return sum(wi * x for wi, x in zip(w, xs))

    def forward(self, feats):
        td = [feats[-1]]
        for i in range(self.levels - 2, -1, -1):
            up = F.interpolate(td[0], size=feats[i].shape[-2:], mode="nearest")
            td.insert(0, self.td_convs[i](F.silu(self.fuse(self.td_w[i], [feats[i], up]))))
        out = [td[0]]
        for i in range(1, self.levels):
            down = F.max_pool2d(out[-1], 3, 2, 1)
            xs = [feats[i], td[i], down] if i < self.levels - 1 else [feats[i], down]
            out.append(self.bu_convs[i - 1](F.silu(self.fuse(self.bu_w[i - 1], xs))))
        return out


class BiFPN(nn.Module):
    def __init__(self, in_channels=(40, 112, 320), ch=64, repeats=3):
        super().__init__()
        self.lateral = nn.ModuleList(
            nn.Sequential(nn.Conv2d(c, ch, 1), nn.BatchNorm2d(ch, momentum=0.01, eps=1e-3))
            for c in in_channels
        )
        self.p6 = nn.Sequential(
            nn.Conv2d(in_channels[-1], ch, 1), nn.BatchNorm2d(ch), nn.MaxPool2d(3, 2, 1)
        )
        self.p7 = nn.MaxPool2d(3, 2, 1)
        self.layers = nn.Sequential(*[BiFPNLayer(ch) for _ in range(repeats)])

    def forward(self, c3, c4, c5):
        p3, p4, p5 = (lat(c) for lat, c in zip(self.lateral, (c3, c4, c5)))
        p6 = self.p6(c5)
        return self.layers([p3, p4, p5, p6, self.p7(p6)])


model = BiFPN(in_channels=(40, 112, 320), ch=64, repeats=3)
