# Selective Kernel conv (SKNet): M branches with growing dilation, fused by a squeeze and
# per-branch attention
import torch.nn as nn


class SKConv(nn.Module):
    def __init__(self, channels, branches=2, groups=32, reduction=16, min_dim=32):
        super().__init__()
        d = max(channels // reduction, min_dim)
        self.convs = nn.ModuleList(
            nn.Sequential(
                nn.Conv2d(
                    channels, channels, 3, padding=1 + i, dilation=1 + i, groups=groups, bias=False
                ),
                nn.BatchNorm2d(channels),
                nn.ReLU(inplace=True),
            )
            for i in range(branches)
        )
        self.fc = nn.Sequential(
            nn.Linear(channels, d, bias=False), nn.BatchNorm1d(d), nn.ReLU(inplace=True)
        )
        self.fcs = nn.ModuleList(nn.Linear(d, channels) for _ in range(branches))


class SKUnit(nn.Module):
    def __init__(self, cin, mid, cout, stride=1):
        super().__init__()
        self.conv1 = nn.Sequential(
            nn.Conv2d(cin, mid, 1, bias=False), nn.BatchNorm2d(mid), nn.ReLU()
        )
        self.sk = SKConv(mid)
        self.conv3 = nn.Sequential(nn.Conv2d(mid, cout, 1, bias=False), nn.BatchNorm2d(cout))
        self.short = (
            nn.Identity()
            if cin == cout and stride == 1
            else nn.Sequential(nn.Conv2d(cin, cout, 1, stride, bias=False), nn.BatchNorm2d(cout))
        )


model = nn.Sequential(
    nn.Conv2d(3, 64, 3, 1, 1, bias=False),
    SKUnit(64, 128, 256),
    SKUnit(256, 128, 256),
    SKUnit(256, 256, 512, stride=2),
    nn.AdaptiveAvgPool2d(1),
    nn.Flatten(),
    nn.Linear(512, 10),
)
