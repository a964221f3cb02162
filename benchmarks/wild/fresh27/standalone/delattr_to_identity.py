"""A module whose `__delattr__` swaps a deleted submodule for nn.Identity instead of removing it."""

import torch.nn as nn


class Prunable(nn.Module):
    def __init__(self):
        super().__init__()
        self.stem = nn.Linear(10, 20)
        self.aux = nn.Linear(20, 20)
        self.head = nn.Linear(20, 4)

    def __delattr__(self, name):
        if isinstance(getattr(self, name, None), nn.Module):
            setattr(self, name, nn.Identity())
        else:
            super().__delattr__(name)


model = Prunable()
del model.aux
