"""A speech encoder configured by a typing.NamedTuple; LSTM with proj_size and a _replace() variant."""

from typing import NamedTuple

import torch.nn as nn


class EncCfg(NamedTuple):
    n_mels: int = 80
    conv_ch: int = 32
    hidden: int = 256
    proj: int = 96
    layers: int = 3
    vocab: int = 40


class SpeechEncoder(nn.Module):
    def __init__(self, cfg: EncCfg):
        super().__init__()
        self.sub = nn.Sequential(
            nn.Conv2d(1, cfg.conv_ch, 3, stride=2),
            nn.ReLU(),
            nn.Conv2d(cfg.conv_ch, cfg.conv_ch, 3, stride=2),
            nn.ReLU(),
        )
        freq = ((cfg.n_mels - 3) // 2 + 1 - 3) // 2 + 1
        self.lstm = nn.LSTM(
            cfg.conv_ch * freq,
            cfg.hidden,
            num_layers=cfg.layers,
            proj_size=cfg.proj,
            bidirectional=True,
        )
        self.out = nn.Linear(2 * cfg.proj, cfg.vocab + 1)


base = EncCfg()
small = base._replace(hidden=192, layers=2, n_mels=64)
model = SpeechEncoder(small)
