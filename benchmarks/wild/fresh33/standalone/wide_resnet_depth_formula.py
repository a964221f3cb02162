"""Wide ResNet (WRN-d-k) for CIFAR: blocks per group from (depth - 4) // 6, widths 16k / 32k / 64k, pre-activation blocks."""

from torch import nn


class WideBasic(nn.Module):
    def __init__(self, in_planes, planes, dropout, stride=1):
        super().__init__()
        self.bn1 = nn.BatchNorm2d(in_planes)
        self.conv1 = nn.Conv2d(in_planes, planes, 3, padding=1, bias=True)
        self.dropout = nn.Dropout(p=dropout)
        self.bn2 = nn.BatchNorm2d(planes)
        self.conv2 = nn.Conv2d(planes, planes, 3, stride=stride, padding=1, bias=True)
        self.shortcut = nn.Sequential()
        if stride != 1 or in_planes != planes:
            self.shortcut = nn.Sequential(nn.Conv2d(in_planes, planes, 1, stride=stride, bias=True))


class WideResNet(nn.Module):
    def __init__(self, depth, widen_factor, dropout_rate, num_classes):
        super().__init__()
        assert (depth - 4) % 6 == 0, "Wide-resnet depth should be 6n+4"
        n = (depth - 4) // 6
        k = widen_factor
        stages = [16, 16 * k, 32 * k, 64 * k]
        self.in_planes = 16
        self.conv1 = nn.Conv2d(3, stages[0], 3, padding=1, bias=True)
        self.layer1 = self._wide_layer(stages[1], n, dropout_rate, 1)
        self.layer2 = self._wide_layer(stages[2], n, dropout_rate, 2)
        self.layer3 = self._wide_layer(stages[3], n, dropout_rate, 2)
        self.bn1 = nn.BatchNorm2d(stages[3], momentum=0.9)
        self.linear = nn.Linear(stages[3], num_classes)

    def _wide_layer(self, planes, num_blocks, dropout_rate, stride):
        strides = [stride] + [1] * (int(num_blocks) - 1)
        layers = []
        for s in strides:
            layers.append(WideBasic(self.in_planes, planes, dropout_rate, s))
            self.in_planes = planes
        return nn.Sequential(*layers)


model = WideResNet(depth=16, widen_factor=2, dropout_rate=0.3, num_classes=10)
