from abc import ABC, abstractmethod

import torch.nn as nn


class Backbone(nn.Module, ABC):
    """Template method: subclasses say how to make one stage; the base assembles the stages."""

    widths = (16, 32, 64)

    def __init__(self, in_ch=3):
        super().__init__()
        chans = (in_ch, *self.widths)
        self.stages = nn.ModuleList(self.make_stage(a, b) for a, b in zip(chans, chans[1:]))
        self.head = self.make_head(self.widths[-1])

    @abstractmethod
    def make_stage(self, cin, cout): ...

    def make_head(self, ch):
        return nn.Linear(ch, 10)


class PlainNet(Backbone):
    def make_stage(self, cin, cout):
        return nn.Sequential(nn.Conv2d(cin, cout, 3, padding=1), nn.ReLU())


class WideNet(PlainNet):
    widths = (32, 64, 128, 128)

    def make_head(self, ch):
        return nn.Sequential(nn.Dropout(0.3), nn.Linear(ch, 100))


model = WideNet(in_ch=1)
