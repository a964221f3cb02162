"""A block factory declared with typing.overload: an int gives a square Linear, a tuple a rectangular one."""

from typing import overload

import torch.nn as nn


@overload
def make_block(width: int) -> nn.Sequential: ...
@overload
def make_block(width: tuple[int, int]) -> nn.Sequential: ...
def make_block(width):
    if isinstance(width, int):
        width = (width, width)
    d_in, d_out = width
    return nn.Sequential(nn.Linear(d_in, d_out), nn.LayerNorm(d_out), nn.GELU())


model = nn.Sequential(make_block((12, 48)), make_block(48), make_block((48, 24)), nn.Linear(24, 2))
