import attrs
import torch.nn as nn


def _even(x):
    x = int(x)
    return x + (x % 2)


@attrs.frozen
class ConvCfg:
    in_ch: int = attrs.field(converter=int)
    width: int = attrs.field(default=16, converter=_even)
    depth: int = 2
    groups: int = attrs.field(default=1)

    @groups.validator
    def _check(self, attribute, value):
        if self.width % value:
            raise ValueError("width must be divisible by groups")


def build(cfg):
    layers, c = [], cfg.in_ch
    for _ in range(cfg.depth):
        g = cfg.groups if c % cfg.groups == 0 else 1
        layers += [
            nn.Conv2d(c, cfg.width, 3, padding=1, groups=g),
            nn.BatchNorm2d(cfg.width),
            nn.ReLU(),
        ]
        c = cfg.width
    return nn.Sequential(*layers)


base = ConvCfg(in_ch="3", width=15, depth=2)
# evolve runs the converters again: 23 becomes 24
wide = attrs.evolve(base, width=23, groups=4, depth=3)
model = nn.Sequential(build(base), build(attrs.evolve(wide, in_ch=base.width)))
