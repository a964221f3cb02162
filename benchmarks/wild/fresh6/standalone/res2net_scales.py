"""Res2Net bottleneck: the 3x3 conv split into `scale` hierarchical groups (scale - 1 convs)."""

import torch
import torch.nn as nn


class Bottle2neck(nn.Module):
    expansion = 4

    def __init__(self, inplanes, planes, stride=1, base_width=26, scale=4, stype="normal"):
        super().__init__()
        width = int(planes * base_width / 64.0)
        self.conv1 = nn.Conv2d(inplanes, width * scale, 1, bias=False)
        self.bn1 = nn.BatchNorm2d(width * scale)
        self.nums = 1 if scale == 1 else scale - 1
        self.convs = nn.ModuleList(
            nn.Conv2d(width, width, 3, stride, 1, bias=False) for _ in range(self.nums)
        )
        self.bns = nn.ModuleList(nn.BatchNorm2d(width) for _ in range(self.nums))
        self.pool = nn.AvgPool2d(3, stride, 1) if stype == "stage" else None
        self.conv3 = nn.Conv2d(width * scale, planes * self.expansion, 1, bias=False)
        self.bn3 = nn.BatchNorm2d(planes * self.expansion)
        self.relu = nn.ReLU(inplace=True)
        self.downsample = None
        if stride != 1 or inplanes != planes * self.expansion:
            self.downsample = nn.Sequential(
                nn.Conv2d(inplanes, planes * self.expansion, 1, stride, bias=False),
                nn.BatchNorm2d(planes * self.expansion),
            )
        self.width, self.scale, self.stype = width, scale, stype

    def forward(self, x):
        out = self.relu(self.bn1(self.conv1(x)))
        spx = torch.split(out, self.width, 1)
        outs, sp = [], spx[0]
        for i in range(self.nums):
            if i > 0:
                sp = spx[i] if self.stype == "stage" else sp + spx[i]
            sp = self.relu(self.bns[i](self.convs[i](sp)))
            outs.append(sp)
        last = spx[self.nums]
        outs.append(self.pool(last) if self.pool is not None else last)
        out = self.bn3(self.conv3(torch.cat(outs, 1)))
        identity = x if self.downsample is None else self.downsample(x)
        return self.relu(out + identity)


class Res2Net(nn.Module):
    def __init__(self, layers=(1, 1, 2, 1), base_width=26, scale=4, num_classes=100):
        super().__init__()
        self.inplanes = 32
        self.stem = nn.Sequential(
            nn.Conv2d(3, 32, 3, 1, 1, bias=False), nn.BatchNorm2d(32), nn.ReLU()
        )
        stages = []
        for i, (planes, blocks) in enumerate(zip((16, 32, 64, 128), layers)):
            stride = 1 if i == 0 else 2
            blks = [Bottle2neck(self.inplanes, planes, stride, base_width, scale, stype="stage")]
            self.inplanes = planes * 4
            blks += [
                Bottle2neck(self.inplanes, planes, 1, base_width, scale) for _ in range(1, blocks)
            ]
            stages.append(nn.Sequential(*blks))
        self.stages = nn.Sequential(*stages)
        self.fc = nn.Linear(self.inplanes, num_classes)

    def forward(self, x):
        return self.fc(self.stages(self.stem(x)).mean((2, 3)))


model = Res2Net(layers=(1, 1, 2, 1), base_width=26, scale=4, num_classes=100)
