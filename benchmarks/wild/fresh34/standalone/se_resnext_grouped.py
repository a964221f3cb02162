import torch.nn as nn


class SE(nn.Module):
    def __init__(self, c, r=16):
        super().__init__()
        self.fc = nn.Sequential(
            nn.Linear(c, c // r, bias=False), nn.ReLU(), nn.Linear(c // r, c, bias=False)
        )


class Bottleneck(nn.Module):
    expansion = 4

    def __init__(self, inplanes, planes, groups, base_width, stride=1, reduction=16):
        super().__init__()
        width = int(planes * (base_width / 64.0)) * groups
        out = planes * self.expansion
        self.conv1 = nn.Conv2d(inplanes, width, 1, bias=False)
        self.bn1 = nn.BatchNorm2d(width)
        self.conv2 = nn.Conv2d(width, width, 3, stride, 1, groups=groups, bias=False)
        self.bn2 = nn.BatchNorm2d(width)
        self.conv3 = nn.Conv2d(width, out, 1, bias=False)
        self.bn3 = nn.BatchNorm2d(out)
        self.se = SE(out, reduction)
        self.down = None
        if stride != 1 or inplanes != out:
            self.down = nn.Sequential(
                nn.Conv2d(inplanes, out, 1, stride, bias=False), nn.BatchNorm2d(out)
            )


class SEResNeXt(nn.Module):
    def __init__(self, layers, groups=32, base_width=4, num_classes=1000, stem=64):
        super().__init__()
        self.stem = nn.Sequential(
            nn.Conv2d(3, stem, 7, 2, 3, bias=False), nn.BatchNorm2d(stem), nn.ReLU()
        )
        inplanes, stages = stem, []
        for i, n in enumerate(layers):
            planes = stem * 2**i
            blocks = []
            for j in range(n):
                blocks.append(
                    Bottleneck(inplanes, planes, groups, base_width, 2 if (j == 0 and i > 0) else 1)
                )
                inplanes = planes * Bottleneck.expansion
            stages.append(nn.Sequential(*blocks))
        self.stages = nn.Sequential(*stages)
        self.fc = nn.Linear(inplanes, num_classes)


model = SEResNeXt(layers=[1, 2, 1], groups=8, base_width=4, num_classes=10, stem=32)
