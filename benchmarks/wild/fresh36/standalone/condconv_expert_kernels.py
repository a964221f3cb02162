# CondConv: each conv has K expert kernels mixed per example by a routing function
import torch
import torch.nn as nn
import torch.nn.functional as F


class CondConv2d(nn.Module):
    def __init__(self, cin, cout, k, num_experts=4, stride=1, groups=1):
        super().__init__()
        self.stride, self.groups, self.pad = stride, groups, k // 2
        self.weight = nn.Parameter(torch.randn(num_experts, cout, cin // groups, k, k) * 0.02)
        self.bias = nn.Parameter(torch.zeros(num_experts, cout))
        self.route = nn.Linear(cin, num_experts)

    def forward(self, x):
        r = torch.sigmoid(self.route(F.adaptive_avg_pool2d(x, 1).flatten(1)))
        w = torch.einsum("be,eoikl->boikl", r, self.weight)
        return w  # (per-example conv omitted)


class MBConv(nn.Module):
    def __init__(self, cin, cout, expand, stride, experts):
        super().__init__()
        mid = cin * expand
        self.expand = CondConv2d(cin, mid, 1, experts)
        self.bn1 = nn.BatchNorm2d(mid)
        self.dw = CondConv2d(mid, mid, 3, experts, stride=stride, groups=mid)
        self.bn2 = nn.BatchNorm2d(mid)
        self.project = CondConv2d(mid, cout, 1, experts)
        self.bn3 = nn.BatchNorm2d(cout)


class CondConvNet(nn.Module):
    def __init__(self, experts=8, num_classes=100):
        super().__init__()
        self.stem = nn.Sequential(
            nn.Conv2d(3, 32, 3, 2, 1, bias=False), nn.BatchNorm2d(32), nn.SiLU()
        )
        specs = [(32, 16, 1, 1), (16, 24, 6, 2), (24, 40, 6, 2), (40, 80, 6, 2)]
        self.blocks = nn.Sequential(*[MBConv(a, b, e, s, experts) for a, b, e, s in specs])
        self.head = nn.Linear(80, num_classes)


model = CondConvNet(experts=8)
