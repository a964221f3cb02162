"""functools.partialmethod for block variants, and a classmethod alternative constructor from a preset name."""

from functools import partialmethod

import torch.nn as nn


class ResNetLike(nn.Module):
    PRESETS = {"tiny": ((1, 1, 1), 16), "small": ((2, 2, 2), 24), "wide": ((1, 2), 64)}

    def __init__(self, blocks, width, classes=10):
        super().__init__()
        self.stem = nn.Conv2d(3, width, 3, padding=1, bias=False)
        stages, c = [], width
        for i, n in enumerate(blocks):
            stages.append(self._stage(c, width * 2**i, n))
            c = width * 2**i
        self.stages = nn.Sequential(*stages)
        self.fc = nn.Linear(c, classes)

    def _make(self, c_in, c_out, n, kernel):
        mods = []
        for j in range(n):
            mods += [
                nn.Conv2d(
                    c_in if j == 0 else c_out, c_out, kernel, padding=kernel // 2, bias=False
                ),
                nn.BatchNorm2d(c_out),
                nn.ReLU(),
            ]
        return nn.Sequential(*mods)

    _stage3 = partialmethod(_make, kernel=3)
    _stage5 = partialmethod(_make, kernel=5)

    def _stage(self, c_in, c_out, n):
        return self._stage5(c_in, c_out, n) if c_out > 40 else self._stage3(c_in, c_out, n)

    @classmethod
    def preset(cls, name, **kw):
        blocks, width = cls.PRESETS[name]
        return cls(blocks, width, **kw)

    def forward(self, x):
        return self.fc(self.stages(self.stem(x)).mean((2, 3)))


model = ResNetLike.preset("small", classes=20)
