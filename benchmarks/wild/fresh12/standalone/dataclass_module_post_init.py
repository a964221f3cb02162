"""A dataclass that IS an nn.Module (eq=False keeps it hashable); __post_init__ calls Module.__init__
and builds layers from the fields, with field(default_factory=...) for a list field."""

from dataclasses import dataclass, field

import torch.nn as nn


@dataclass(eq=False)
class ConvNet(nn.Module):
    in_channels: int = 3
    channels: list = field(default_factory=lambda: [16, 32, 64])
    num_classes: int = 10
    use_bn: bool = True

    def __post_init__(self):
        super().__init__()
        layers = []
        prev = self.in_channels
        for c in self.channels:
            layers += [nn.Conv2d(prev, c, 3, padding=1, bias=not self.use_bn)]
            if self.use_bn:
                layers.append(nn.BatchNorm2d(c))
            layers += [nn.ReLU(inplace=True), nn.MaxPool2d(2)]
            prev = c
        self.features = nn.Sequential(*layers)
        self.classifier = nn.Linear(prev, self.num_classes)


model = ConvNet(in_channels=1, channels=[8, 16, 32, 48], num_classes=26)
