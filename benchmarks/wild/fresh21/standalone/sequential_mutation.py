"""nn.Sequential edited in place: append, insert, extend, pop, slicing and ModuleList +=."""

import torch.nn as nn

trunk = nn.Sequential(nn.Linear(10, 32), nn.ReLU(), nn.Linear(32, 32), nn.ReLU())
trunk.append(nn.Linear(32, 64))
trunk.insert(1, nn.LayerNorm(32))
trunk.extend([nn.GELU(), nn.Linear(64, 16), nn.Linear(16, 8)])
trunk.pop(len(trunk) - 1)
trunk = trunk[:-1] + nn.Sequential(nn.Linear(64, 24))

heads = nn.ModuleList([nn.Linear(24, 2)])
heads += [nn.Linear(24, k) for k in (3, 5)]
heads.extend(nn.ModuleList([nn.Linear(24, 7)]))


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.trunk = trunk
        self.heads = heads

    def forward(self, x):
        h = self.trunk(x)
        return [m(h) for m in self.heads]


model = Model()
