"""A stacked hourglass pose network: a recursive Hourglass (depth 3) built from residual bottlenecks,
2 stacks with intermediate heatmap heads and the fc_ / score_ re-injection on all but the last stack."""

import torch.nn as nn


class Bottleneck(nn.Module):
    expansion = 2

    def __init__(self, inplanes, planes, downsample=None):
        super().__init__()
        self.bn1 = nn.BatchNorm2d(inplanes)
        self.conv1 = nn.Conv2d(inplanes, planes, 1)
        self.bn2 = nn.BatchNorm2d(planes)
        self.conv2 = nn.Conv2d(planes, planes, 3, padding=1)
        self.bn3 = nn.BatchNorm2d(planes)
        self.conv3 = nn.Conv2d(planes, planes * 2, 1)
        self.downsample = downsample


class Hourglass(nn.Module):
    def __init__(self, planes, depth, num_blocks=1):
        super().__init__()
        self.depth = depth
        self.hg = nn.ModuleList(
            self._make_level(planes, depth - i, num_blocks) for i in range(depth)
        )

    @staticmethod
    def _residual(planes, n):
        return nn.Sequential(*[Bottleneck(planes * Bottleneck.expansion, planes) for _ in range(n)])

    def _make_level(self, planes, level, n):
        branches = [self._residual(planes, n) for _ in range(3)]
        if level == 1:
            branches.append(self._residual(planes, n))
        return nn.ModuleList(branches)


class HourglassNet(nn.Module):
    def __init__(self, num_stacks=2, num_blocks=1, num_classes=8, planes=8, depth=3):
        super().__init__()
        self.inplanes = planes * 2
        ch = planes * Bottleneck.expansion
        self.conv1 = nn.Conv2d(3, self.inplanes, 7, stride=2, padding=3)
        self.bn1 = nn.BatchNorm2d(self.inplanes)
        self.layer1 = Bottleneck(self.inplanes, planes)
        self.hg = nn.ModuleList(Hourglass(planes, depth, num_blocks) for _ in range(num_stacks))
        self.res = nn.ModuleList(Hourglass._residual(planes, num_blocks) for _ in range(num_stacks))
        self.fc = nn.ModuleList(
            nn.Sequential(nn.Conv2d(ch, ch, 1), nn.BatchNorm2d(ch), nn.ReLU())
            for _ in range(num_stacks)
        )
        self.score = nn.ModuleList(nn.Conv2d(ch, num_classes, 1) for _ in range(num_stacks))
        self.fc_ = nn.ModuleList(nn.Conv2d(ch, ch, 1) for _ in range(num_stacks - 1))
        self.score_ = nn.ModuleList(nn.Conv2d(num_classes, ch, 1) for _ in range(num_stacks - 1))


model = HourglassNet(num_stacks=2, num_blocks=1, num_classes=8, planes=8, depth=3)
