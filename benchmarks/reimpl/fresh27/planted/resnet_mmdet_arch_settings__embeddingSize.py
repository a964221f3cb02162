"""A tiny ResNet in the style of mmdetection's backbone: ``ResNet.arch_settings`` maps the depth
to the block and the blocks per stage (ResNet-18's and -34's), ``num_stages`` keeps the first
stages, the stage widths are ``base_channels * 2 ** i``; the sizes come from an mmdet-style
``model = dict(type="ResNet", ...)`` config, and the model is the backbone built from it.
torchvision's blocks: a ``_make_layer`` that mutates ``self.inplanes``, ``BasicBlock.expansion``,
a downsample Sequential only where the shape changes, the 7x7 stem with max-pooling."""

import torch.nn as nn

# configs/_base_/models/resnet_tiny.py (the run's backbone)
model = dict(
    type="ResNet",
    depth=18,
    num_stages=2,
    in_channels=3,
    stem_channels=24,
    base_channels=16,
)


def conv3x3(i, o, stride=1):
    return nn.Conv2d(i, o, kernel_size=3, stride=stride, padding=1, bias=False)


class BasicBlock(nn.Module):
    expansion = 1

    def __init__(self, inplanes, planes, stride=1, downsample=None):
        super().__init__()
        self.conv1 = conv3x3(inplanes, planes, stride)
        self.bn1 = nn.BatchNorm2d(planes)
        self.relu = nn.ReLU(inplace=True)
        self.conv2 = conv3x3(planes, planes)
        self.bn2 = nn.BatchNorm2d(planes)
        self.downsample = downsample

    def forward(self, x):
        identity = x if self.downsample is None else self.downsample(x)
        out = self.relu(self.bn1(self.conv1(x)))
        return self.relu(self.bn2(self.conv2(out)) + identity)


class ResNet(nn.Module):
    arch_settings = {
        18: (BasicBlock, (2, 2, 2, 2)),
        34: (BasicBlock, (3, 4, 6, 3)),
    }

    def __init__(self, depth, num_stages=4, in_channels=3, stem_channels=64, base_channels=64):
        super().__init__()
        block, stage_blocks = self.arch_settings[depth]
        stage_blocks = stage_blocks[:num_stages]
        self.inplanes = stem_channels
        self.conv1 = nn.Conv2d(
            in_channels, stem_channels, kernel_size=7, stride=2, padding=3, bias=False
        )
        self.bn1 = nn.BatchNorm2d(stem_channels)
        self.relu = nn.ReLU(inplace=True)
        self.maxpool = nn.MaxPool2d(kernel_size=3, stride=2, padding=1)
        self.stages = nn.Sequential(
            *[
                self._make_layer(block, base_channels * 2**i, n, stride=1 if i == 0 else 2)
                for i, n in enumerate(stage_blocks)
            ]
        )
        self.avgpool = nn.AdaptiveAvgPool2d(1)

    def _make_layer(self, block, planes, blocks, stride=1):
        downsample = None
        if stride != 1 or self.inplanes != planes * block.expansion:
            downsample = nn.Sequential(
                nn.Conv2d(self.inplanes, planes * block.expansion, 1, stride=stride, bias=False),
                nn.BatchNorm2d(planes * block.expansion),
            )
        layers = [block(self.inplanes, planes, stride, downsample)]
        self.inplanes = planes * block.expansion
        layers += [block(self.inplanes, planes) for _ in range(1, blocks)]
        return nn.Sequential(*layers)

    def forward(self, x):
        x = self.stages(self.maxpool(self.relu(self.bn1(self.conv1(x)))))
        return x, self.avgpool(x)


class Backbone(ResNet):
    """``build_backbone(model)``: the registered type built with the config's other keys."""

    def __init__(self) -> None:
        super().__init__(**{k: v for k, v in model.items() if k != "type"})
