"""A spec object with `__iadd__` that grows a list of widths in place; the MLP is built from the final spec."""

import torch.nn as nn


class Widths:
    def __init__(self, first):
        self.dims = [first]

    def __iadd__(self, other):
        self.dims.append(other)
        return self


class MLP(nn.Module):
    def __init__(self, spec):
        super().__init__()
        pairs = zip(spec.dims, spec.dims[1:])
        self.net = nn.Sequential(*(nn.Linear(a, b) for a, b in pairs))


spec = Widths(20)
alias = spec
for w in (40, 30):
    spec += w
alias += 6
model = MLP(alias)
