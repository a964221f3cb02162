"""ResNet configured by keyword defaults."""

import torch
import torch.nn as nn
import torch.nn.functional as F



def conv_bn(cin, cout, k, stride):
    return nn.Sequential(
        nn.Conv2d(cin, cout, kernel_size=k, stride=stride, padding=k // 2, bias=False),
        nn.BatchNorm2d(cout),
    )


class BasicBlock(nn.Module):
    def __init__(self, cin, cout, stride):
        super().__init__()
        self.conv1 = conv_bn(cin, cout, 3, stride)
        self.conv2 = conv_bn(cout, cout, 3, 1)
        self.shortcut = conv_bn(cin, cout, 1, stride) if cin != cout or stride != 1 else nn.Identity()

    def forward(self, x):
        return F.relu(self.conv2(F.relu(self.conv1(x))) + self.shortcut(x))


class ResNet(nn.Module):
    def __init__(
        self,
        in_channels=3,
        stem_width=16,
        widths=(16, 32),
        depths=(2, 2),
    ):
        super().__init__()
        self.stem = conv_bn(in_channels, stem_width, 7, 2)
        self.pool = nn.MaxPool2d(3, stride=2, padding=1)
        stages = []
        cin = stem_width
        for i, (width, depth) in enumerate(zip(widths, depths)):
            blocks = [BasicBlock(cin, width, 1 if i == 0 else 2)]
            blocks += [BasicBlock(width, width, 1) for _ in range(depth - 1)]
            stages.append(nn.Sequential(*blocks))
            cin = width
        self.stages = nn.Sequential(*stages)

    def forward(self, x):
        x = self.pool(F.relu(self.stem(x)))
        return self.stages(x).mean(dim=(2, 3))
