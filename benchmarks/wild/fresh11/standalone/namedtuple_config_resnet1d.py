"""An ECG ResNet-1D configured by a typing.NamedTuple; a variant is derived with _replace and a
stage list computed from the tuple's fields."""

from typing import NamedTuple

import torch.nn as nn


class ResNetConfig(NamedTuple):
    in_leads: int = 12
    base: int = 16
    stages: tuple = (2, 2, 2)
    kernel: int = 7
    n_classes: int = 5
    se: bool = False


class Block(nn.Module):
    def __init__(self, cin, cout, k, stride, se):
        super().__init__()
        self.conv1 = nn.Conv1d(cin, cout, k, stride, k // 2, bias=False)
        self.bn1 = nn.BatchNorm1d(cout)
        self.conv2 = nn.Conv1d(cout, cout, k, 1, k // 2, bias=False)
        self.bn2 = nn.BatchNorm1d(cout)
        self.short = (
            nn.Conv1d(cin, cout, 1, stride, bias=False)
            if (stride != 1 or cin != cout)
            else nn.Identity()
        )
        self.se = (
            nn.Sequential(nn.Linear(cout, cout // 4), nn.ReLU(), nn.Linear(cout // 4, cout))
            if se
            else None
        )


class ResNet1D(nn.Module):
    def __init__(self, cfg: ResNetConfig):
        super().__init__()
        self.stem = nn.Conv1d(cfg.in_leads, cfg.base, cfg.kernel, 2, cfg.kernel // 2)
        blocks, cin = [], cfg.base
        for i, n in enumerate(cfg.stages):
            cout = cfg.base * 2**i
            for j in range(n):
                blocks.append(Block(cin, cout, cfg.kernel, 2 if (j == 0 and i > 0) else 1, cfg.se))
                cin = cout
        self.blocks = nn.Sequential(*blocks)
        self.fc = nn.Linear(cin, cfg.n_classes)


base_cfg = ResNetConfig()
cfg = base_cfg._replace(stages=(1, 2, 2, 1), se=True, kernel=5)
model = ResNet1D(cfg)
