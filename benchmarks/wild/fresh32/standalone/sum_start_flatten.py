"""sum with start=: a list of lists flattened by sum(..., start=[]), and an int start offsetting a width."""

import torch.nn as nn

stages = [[16, 16], [32], [32, 64, 64]]
flat = sum(stages, start=[])
width = sum((s[0] for s in stages), start=8)  # 8 + 16 + 32 + 32 = 88

model = nn.Sequential(
    nn.Linear(width, flat[0]),
    *[nn.Linear(a, b) for a, b in zip(flat, flat[1:])],
)
