"""An audio-event classifier configured from TOML (tomllib, the way a project's config.toml is read):
tables for the front end, a list of conv stages as an array of tables, and the head."""

import tomllib
import torch.nn as nn

CONFIG = """
[frontend]
n_mels = 40
stem_channels = 24

[[stage]]
channels = 32
kernel = 3
pool = 2

[[stage]]
channels = 48
kernel = 3
pool = 2

[[stage]]
channels = 64
kernel = 5
pool = 1

[head]
n_classes = 15
dropout = 0.2
hidden = 0
"""

cfg = tomllib.loads(CONFIG)


class AudioCNN(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        fe = cfg["frontend"]
        self.bn0 = nn.BatchNorm2d(fe["n_mels"])
        self.stem = nn.Conv2d(1, fe["stem_channels"], 3, padding=1)
        layers, ch = [], fe["stem_channels"]
        for st in cfg["stage"]:
            layers += [
                nn.Conv2d(ch, st["channels"], st["kernel"], padding=st["kernel"] // 2),
                nn.BatchNorm2d(st["channels"]),
                nn.ReLU(),
            ]
            if st["pool"] > 1:
                layers.append(nn.MaxPool2d(st["pool"]))
            ch = st["channels"]
        self.stages = nn.Sequential(*layers)
        h = cfg["head"]
        self.head = (
            nn.Sequential(
                nn.Dropout(h["dropout"]),
                nn.Linear(ch, h["hidden"]),
                nn.ReLU(),
                nn.Linear(h["hidden"], h["n_classes"]),
            )
            if h["hidden"]
            else nn.Linear(ch, h["n_classes"])
        )


model = AudioCNN(cfg)
