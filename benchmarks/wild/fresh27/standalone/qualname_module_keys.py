"""Blocks keyed by their classes' `__qualname__` (nested classes: dots replaced); two entries map to one key."""

import torch.nn as nn


class Experts:
    class Small(nn.Linear):
        pass

    class Large(nn.Linear):
        pass


specs = [(Experts.Small, 8), (Experts.Large, 32), (Experts.Small, 4)]
model = nn.ModuleDict({cls.__qualname__.replace(".", "_"): cls(16, out) for cls, out in specs})
