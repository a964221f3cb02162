"""pydantic model config from JSON with model_copy(update=...) overrides and computed widths."""

import torch.nn as nn
from pydantic import BaseModel, computed_field


class UNetCfg(BaseModel):
    in_ch: int = 1
    base: int = 16
    mults: tuple[int, ...] = (1, 2, 4)
    out_ch: int = 1

    @computed_field
    @property
    def widths(self) -> list[int]:
        return [self.base * m for m in self.mults]


cfg = UNetCfg.model_validate_json('{"in_ch": 3, "base": 8, "mults": [1, 2, 2, 4]}').model_copy(
    update={"out_ch": 2}
)


def conv(a, b):
    return nn.Sequential(nn.Conv2d(a, b, 3, padding=1), nn.GroupNorm(4, b), nn.SiLU())


class UNet(nn.Module):
    def __init__(self, c: UNetCfg):
        super().__init__()
        w = c.widths
        self.inc = conv(c.in_ch, w[0])
        self.down = nn.ModuleList(conv(a, b) for a, b in zip(w, w[1:]))
        self.up = nn.ModuleList(conv(b + a, a) for a, b in reversed(list(zip(w, w[1:]))))
        self.outc = nn.Conv2d(w[0], c.out_ch, 1)


model = UNet(cfg)
