"""Stage specs with `__neg__` (the mirrored decoder widths) and `__pow__` (repeat the stage n times)."""

import torch.nn as nn


class Stage:
    def __init__(self, cin, cout, reps=1):
        self.cin, self.cout, self.reps = cin, cout, reps

    def __neg__(self):
        return Stage(self.cout, self.cin, self.reps)

    def __pow__(self, n):
        return Stage(self.cin, self.cout, self.reps * n)

    def build(self):
        mods = [nn.Linear(self.cin, self.cout)]
        mods += [nn.Linear(self.cout, self.cout) for _ in range(self.reps - 1)]
        return nn.Sequential(*mods)


enc = Stage(24, 10) ** 3
model = nn.ModuleDict({"encoder": enc.build(), "decoder": (-Stage(24, 10)).build()})
