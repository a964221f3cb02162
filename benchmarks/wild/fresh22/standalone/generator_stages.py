"""Stages yielded by a generator function that keeps state between yields."""

from torch import nn


def stages(ch, n, growth):
    for i in range(n):
        out = ch + growth * (i + 1)
        yield (
            f"stage{i}",
            nn.Sequential(nn.Conv2d(ch, out, 3, padding=1), nn.GroupNorm(1, out), nn.GELU()),
        )
        ch = out
    yield "head", nn.Conv2d(ch, 1, 1)


model = nn.Sequential()
for name, mod in stages(3, 3, 5):
    model.add_module(name, mod)
