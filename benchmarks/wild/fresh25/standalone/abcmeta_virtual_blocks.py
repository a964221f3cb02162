"""An ABCMeta interface with registered virtual subclasses: only modules that 'are' Mixers get a norm."""

from abc import ABCMeta

import torch.nn as nn


class Mixer(metaclass=ABCMeta):  # noqa: B024 (an interface for register() only)
    pass


Mixer.register(nn.Linear)
Mixer.register(nn.Conv1d)

parts = [nn.Linear(32, 32), nn.GELU(), nn.Conv1d(32, 32, 1), nn.Dropout(0.1), nn.Linear(32, 8)]
layers = []
for p in parts:
    layers.append(p)
    if isinstance(p, Mixer) and p is not parts[-1]:
        width = p.out_features if isinstance(p, nn.Linear) else p.out_channels
        layers.append(nn.LayerNorm(width))
model = nn.Sequential(*layers)
