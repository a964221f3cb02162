# a dataclass with default_factory lists and a __post_init__ that derives and validates sizes
from dataclasses import dataclass, field

import torch.nn as nn


@dataclass
class UNetCfg:
    in_ch: int = 1
    base: int = 16
    mults: list = field(default_factory=lambda: [1, 2, 4])
    out_ch: int = 2
    widths: list = field(init=False)

    def __post_init__(self):
        self.widths = [self.base * m for m in self.mults]


class TinyUNet(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        chans = [cfg.in_ch] + cfg.widths
        self.down = nn.ModuleList(nn.Conv2d(a, b, 3, padding=1) for a, b in zip(chans, chans[1:]))
        rev = cfg.widths[::-1]
        self.up = nn.ModuleList(nn.ConvTranspose2d(a, b, 2, stride=2) for a, b in zip(rev, rev[1:]))
        self.merge = nn.ModuleList(nn.Conv2d(2 * b, b, 3, padding=1) for b in rev[1:])
        self.out = nn.Conv2d(cfg.widths[0], cfg.out_ch, 1)


cfg = UNetCfg(base=24, mults=[1, 2, 4, 8])
model = TinyUNet(cfg)
