# template-method builders: the base class lays out stem / stages / head, subclasses fill in a block
import abc

import torch.nn as nn


class Builder(abc.ABC):
    widths = (32, 64, 128)

    @abc.abstractmethod
    def block(self, cin, cout): ...

    def stem(self):
        return nn.Conv2d(3, self.widths[0], 3, padding=1, bias=False)

    def build(self, classes):
        stages, c = [], self.widths[0]
        for w in self.widths:
            stages.append(self.block(c, w))
            c = w
        return nn.Sequential(
            self.stem(), *stages, nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(c, classes)
        )


class PlainBuilder(Builder):
    def block(self, cin, cout):
        return nn.Sequential(nn.Conv2d(cin, cout, 3, padding=1), nn.ReLU())


class SeparableBuilder(Builder):
    widths = (32, 64, 128, 256)

    def block(self, cin, cout):
        return nn.Sequential(
            nn.Conv2d(cin, cin, 3, padding=1, groups=cin, bias=False),
            nn.BatchNorm2d(cin),
            nn.Conv2d(cin, cout, 1, bias=False),
            nn.BatchNorm2d(cout),
            nn.ReLU6(),
        )


model = SeparableBuilder().build(classes=200)
