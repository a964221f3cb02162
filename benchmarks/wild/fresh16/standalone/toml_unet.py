"""A small 1D U-Net whose hyper-parameters live in a TOML string (tomllib, Python 3.11+)."""

import tomllib
import torch.nn as nn

CONFIG = """
[model]
in_channels = 2
out_channels = 2
base = 12
mults = [1, 2, 4]
kernel = 5

[model.norm]
kind = "group"
groups = 4

[train]
lr = 3e-4
"""

cfg = tomllib.loads(CONFIG)["model"]


def norm(c):
    if cfg["norm"]["kind"] == "group":
        return nn.GroupNorm(cfg["norm"]["groups"], c)
    return nn.BatchNorm1d(c)


def block(ci, co):
    k = cfg["kernel"]
    return nn.Sequential(nn.Conv1d(ci, co, k, padding=k // 2), norm(co), nn.SiLU())


class UNet1D(nn.Module):
    def __init__(self):
        super().__init__()
        chans = [cfg["base"] * m for m in cfg["mults"]]
        self.stem = nn.Conv1d(cfg["in_channels"], chans[0], 1)
        self.down = nn.ModuleList(block(a, b) for a, b in zip(chans[:-1], chans[1:]))
        self.mid = block(chans[-1], chans[-1])
        self.up = nn.ModuleList(
            block(2 * b, a) for a, b in zip(reversed(chans[:-1]), reversed(chans[1:]))
        )
        self.out = nn.Conv1d(chans[0], cfg["out_channels"], 1)


model = UNet1D()
