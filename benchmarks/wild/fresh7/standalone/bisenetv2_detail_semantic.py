"""BiSeNet V2: detail branch, semantic branch with gather-and-expand layers, bilateral guided aggregation."""

import torch.nn as nn


def cbr(i, o, k=3, s=1, g=1):
    return nn.Sequential(
        nn.Conv2d(i, o, k, s, k // 2, groups=g, bias=False), nn.BatchNorm2d(o), nn.ReLU()
    )


class GE(nn.Module):
    def __init__(self, i, o, s, e=6):
        super().__init__()
        m = i * e
        self.conv1 = cbr(i, i)
        self.dw = nn.Sequential(nn.Conv2d(i, m, 3, s, 1, groups=i, bias=False), nn.BatchNorm2d(m))
        self.dw2 = (
            nn.Sequential(nn.Conv2d(m, m, 3, 1, 1, groups=m, bias=False), nn.BatchNorm2d(m))
            if s == 2
            else None
        )
        self.proj = nn.Sequential(nn.Conv2d(m, o, 1, bias=False), nn.BatchNorm2d(o))
        self.short = (
            nn.Sequential(
                nn.Conv2d(i, i, 3, 2, 1, groups=i, bias=False),
                nn.BatchNorm2d(i),
                nn.Conv2d(i, o, 1, bias=False),
                nn.BatchNorm2d(o),
            )
            if s == 2
            else None
        )


class BiSeNetV2(nn.Module):
    def __init__(self, n_classes=19):
        super().__init__()
        self.detail = nn.Sequential(
            cbr(3, 64, s=2),
            cbr(64, 64),
            cbr(64, 64, s=2),
            cbr(64, 64),
            cbr(64, 64),
            cbr(64, 128, s=2),
            cbr(128, 128),
            cbr(128, 128),
        )
        self.stem = nn.ModuleDict(
            dict(
                conv=cbr(3, 16, s=2),
                left=nn.Sequential(cbr(16, 8, 1), cbr(8, 16, s=2)),
                fuse=cbr(32, 16),
            )
        )
        plan = [
            (16, 32, 2),
            (32, 32, 1),
            (32, 64, 2),
            (64, 64, 1),
            (64, 128, 2),
            (128, 128, 1),
            (128, 128, 1),
            (128, 128, 1),
        ]
        self.semantic = nn.ModuleList([GE(i, o, s) for i, o, s in plan])
        self.ce = nn.Sequential(
            nn.BatchNorm2d(128), cbr(128, 128, 1), nn.Conv2d(128, 128, 3, padding=1)
        )
        self.bga = nn.ModuleDict(
            dict(
                left1=nn.Sequential(
                    nn.Conv2d(128, 128, 3, 1, 1, groups=128, bias=False),
                    nn.BatchNorm2d(128),
                    nn.Conv2d(128, 128, 1, bias=False),
                ),
                left2=nn.Sequential(nn.Conv2d(128, 128, 3, 2, 1, bias=False), nn.BatchNorm2d(128)),
                right1=nn.Sequential(nn.Conv2d(128, 128, 3, 1, 1, bias=False), nn.BatchNorm2d(128)),
                right2=nn.Sequential(
                    nn.Conv2d(128, 128, 3, 1, 1, groups=128, bias=False),
                    nn.BatchNorm2d(128),
                    nn.Conv2d(128, 128, 1, bias=False),
                ),
                conv=cbr(128, 128),
            )
        )
        self.head = nn.Sequential(cbr(128, 1024), nn.Conv2d(1024, n_classes, 1))


model = BiSeNetV2()
