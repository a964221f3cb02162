"""Frozen dataclass configs derived with dataclasses.replace and splatted with asdict."""

import dataclasses

import torch.nn as nn


@dataclasses.dataclass(frozen=True)
class ConvCfg:
    in_channels: int = 3
    out_channels: int = 16
    kernel_size: int = 3
    stride: int = 1
    padding: int = 1
    groups: int = 1
    bias: bool = True


base = ConvCfg()
down = dataclasses.replace(base, in_channels=16, out_channels=32, stride=2)
dw = dataclasses.replace(down, in_channels=32, groups=32, bias=False)
pw = dataclasses.replace(dw, kernel_size=1, padding=0, groups=1, out_channels=64)
model = nn.Sequential(*[nn.Conv2d(**dataclasses.asdict(c)) for c in (base, down, dw, pw)])
