"""Hyper-parameters merged with the dict union operators `|` and `|=` (the right-hand side wins)."""

import torch.nn as nn

defaults = {"vocab": 500, "dim": 32, "layers": 2, "classes": 5}
cfg = defaults | {"dim": 48}
cfg |= {"layers": 3}

model = nn.Sequential(
    nn.Embedding(cfg["vocab"], cfg["dim"]),
    *(nn.Linear(cfg["dim"], cfg["dim"]) for _ in range(cfg["layers"])),
    nn.Linear(cfg["dim"], cfg["classes"]),
)
