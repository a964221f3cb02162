"""SE-ResNeXt-26 (32x4d) by hand: grouped 3x3 convs whose width follows cardinality and base
width, a squeeze-excitation gate in every bottleneck."""

import math

import torch.nn as nn


class SEModule(nn.Module):
    def __init__(self, channels, reduction=16):
        super().__init__()
        self.avg_pool = nn.AdaptiveAvgPool2d(1)
        self.fc1 = nn.Conv2d(channels, channels // reduction, kernel_size=1)
        self.relu = nn.ReLU(inplace=True)
        self.fc2 = nn.Conv2d(channels // reduction, channels, kernel_size=1)
        self.sigmoid = nn.Sigmoid()


class SEResNeXtBottleneck(nn.Module):
    expansion = 4

    def __init__(self, inplanes, planes, groups, base_width, stride=1, downsample=None, reduction=16):
        super().__init__()
        width = math.floor(planes * (base_width / 64)) * groups
        self.conv1 = nn.Conv2d(inplanes, width, 1, bias=False)
        self.bn1 = nn.BatchNorm2d(width)
        self.conv2 = nn.Conv2d(width, width, 3, stride=stride, padding=1, groups=groups, bias=False)
        self.bn2 = nn.BatchNorm2d(width)
        self.conv3 = nn.Conv2d(width, planes * self.expansion, 1, bias=False)
        self.bn3 = nn.BatchNorm2d(planes * self.expansion)
        self.se_module = SEModule(planes * self.expansion, reduction=reduction)
        self.downsample = downsample


class SEResNeXt(nn.Module):
    def __init__(self, layers, groups=32, base_width=4, reduction=16, num_classes=1000):
        super().__init__()
        self.inplanes = 64
        self.layer0 = nn.Sequential(nn.Conv2d(3, 64, 7, 2, 3, bias=False), nn.BatchNorm2d(64), nn.ReLU(inplace=True), nn.MaxPool2d(3, 2, ceil_mode=True))
        self.layer1 = self._make_layer(64, layers[0], groups, base_width, reduction)
        self.layer2 = self._make_layer(128, layers[1], groups, base_width, reduction, stride=2)
        self.layer3 = self._make_layer(256, layers[2], groups, base_width, reduction, stride=2)
        self.layer4 = self._make_layer(512, layers[3], groups, base_width, reduction, stride=2)
        self.last_linear = nn.Linear(512 * SEResNeXtBottleneck.expansion, num_classes)

    def _make_layer(self, planes, blocks, groups, base_width, reduction, stride=1):
        downsample = None
        if stride != 1 or self.inplanes != planes * SEResNeXtBottleneck.expansion:
            downsample = nn.Sequential(
                nn.Conv2d(self.inplanes, planes * SEResNeXtBottleneck.expansion, 1, stride=stride, bias=False),
                nn.BatchNorm2d(planes * SEResNeXtBottleneck.expansion),
            )
        layers = [SEResNeXtBottleneck(self.inplanes, planes, groups, base_width, stride, downsample, reduction)]
        self.inplanes = planes * SEResNeXtBottleneck.expansion
        layers += [SEResNeXtBottleneck(self.inplanes, planes, groups, base_width, reduction=reduction) for _ in range(1, blocks)]
        return nn.Sequential(*layers)


model = SEResNeXt([2, 2, 2, 2], groups=32, base_width=4, num_classes=200)
