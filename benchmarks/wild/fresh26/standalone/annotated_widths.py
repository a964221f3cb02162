"""Layer widths declared as typing.Annotated metadata on a config class, read back with get_type_hints."""

from typing import Annotated, get_type_hints

import torch.nn as nn


class Width:
    def __init__(self, n):
        self.n = n


class EncoderConfig:
    stem: Annotated[int, Width(24)]
    body: Annotated[int, Width(48)]
    head: Annotated[int, Width(12)]


hints = get_type_hints(EncoderConfig, include_extras=True)
widths = [h.__metadata__[0].n for h in hints.values()]

layers = []
prev = 6
for w in widths:
    layers += [nn.Linear(prev, w), nn.SiLU()]
    prev = w
model = nn.Sequential(*layers)
