# MobileNetV2/EfficientNet-style inverted residuals with squeeze-excitation, expansion from a table
import torch.nn as nn


def make_divisible(v, d=8):
    return max(d, int(v + d / 2) // d * d)


class SE(nn.Module):
    def __init__(self, ch, rd=0.25):
        super().__init__()
        r = make_divisible(ch * rd)
        self.fc1 = nn.Conv2d(ch, r, 1)
        self.fc2 = nn.Conv2d(r, ch, 1)


class MBConv(nn.Module):
    def __init__(self, cin, cout, expand, stride):
        super().__init__()
        mid = cin * expand
        self.expand = (
            nn.Sequential(nn.Conv2d(cin, mid, 1, bias=False), nn.BatchNorm2d(mid), nn.SiLU())
            if expand != 1
            else nn.Identity()
        )
        self.dw = nn.Sequential(
            nn.Conv2d(mid, mid, 3, stride, 1, groups=mid, bias=False),
            nn.BatchNorm2d(mid),
            nn.SiLU(),
        )
        self.se = SE(mid)
        self.project = nn.Sequential(nn.Conv2d(mid, cout, 1, bias=False), nn.BatchNorm2d(cout))


table = [(1, 16, 1, 1), (6, 24, 2, 2), (6, 40, 2, 2), (6, 80, 3, 2)]  # expand, out, repeats, stride
blocks, cin = (
    [nn.Sequential(nn.Conv2d(3, 32, 3, 2, 1, bias=False), nn.BatchNorm2d(32), nn.SiLU())],
    32,
)
for t, c, n, s in table:
    for i in range(n):
        blocks.append(MBConv(cin, c, t, s if i == 0 else 1))
        cin = c
model = nn.Sequential(
    *blocks, nn.Conv2d(cin, 320, 1), nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(320, 10)
)
