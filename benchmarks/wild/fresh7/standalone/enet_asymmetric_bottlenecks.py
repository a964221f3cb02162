"""ENet: initial block, bottlenecks (regular, dilated, asymmetric 5x1/1x5, downsampling with PReLU)."""

import torch.nn as nn


class Bottleneck(nn.Module):
    def __init__(self, c, kind="regular", dilation=1, down=False, out=None, p=0.1):
        super().__init__()
        out = out or c
        mid = c // 4
        self.down = down
        self.ext = nn.Sequential(
            nn.Conv2d(c, mid, 2 if down else 1, 2 if down else 1, bias=False),
            nn.BatchNorm2d(mid),
            nn.PReLU(),
        )
        if kind == "asym":
            conv = nn.Sequential(
                nn.Conv2d(mid, mid, (5, 1), padding=(2, 0), bias=False),
                nn.Conv2d(mid, mid, (1, 5), padding=(0, 2), bias=False),
            )
        else:
            conv = nn.Conv2d(mid, mid, 3, padding=dilation, dilation=dilation, bias=False)
        self.conv = nn.Sequential(conv, nn.BatchNorm2d(mid), nn.PReLU())
        self.proj = nn.Sequential(
            nn.Conv2d(mid, out, 1, bias=False), nn.BatchNorm2d(out), nn.Dropout2d(p)
        )
        self.act = nn.PReLU()


def stage(c, ps):
    seq = []
    for kind, d in [
        ("regular", 1),
        ("regular", 2),
        ("asym", 1),
        ("regular", 4),
        ("regular", 1),
        ("regular", 8),
        ("asym", 1),
        ("regular", 16),
    ]:
        seq.append(Bottleneck(c, kind, d, p=ps))
    return nn.Sequential(*seq)


class ENet(nn.Module):
    def __init__(self, classes=12):
        super().__init__()
        self.initial = nn.Conv2d(3, 13, 3, 2, 1, bias=False)
        self.initial_bn = nn.BatchNorm2d(16)
        self.b10 = Bottleneck(16, down=True, out=64, p=0.01)
        self.b1 = nn.Sequential(*[Bottleneck(64, p=0.01) for _ in range(4)])
        self.b20 = Bottleneck(64, down=True, out=128)
        self.stage2 = stage(128, 0.1)
        self.stage3 = stage(128, 0.1)
        self.up4 = nn.ConvTranspose2d(128, 64, 2, 2)
        self.b4 = nn.Sequential(Bottleneck(64), Bottleneck(64))
        self.up5 = nn.ConvTranspose2d(64, 16, 2, 2)
        self.b5 = Bottleneck(16)
        self.fullconv = nn.ConvTranspose2d(16, classes, 2, 2)


model = ENet()
