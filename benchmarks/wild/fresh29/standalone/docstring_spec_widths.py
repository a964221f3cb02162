"""Layer widths parsed from a class's `__doc__` ("widths: 9 27 81") at construction time."""

import torch.nn as nn


class Tower(nn.Module):
    """A tower.

    widths: 9 27 81
    """

    def __init__(self):
        super().__init__()
        line = next(s for s in self.__doc__.splitlines() if s.strip().startswith("widths:"))
        ws = [int(t) for t in line.split(":", 1)[1].split()]
        self.layers = nn.ModuleList(nn.Linear(a, b) for a, b in zip(ws, ws[1:]))


model = Tower()
