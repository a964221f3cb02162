"""A hypernetwork: the target net's parameters are deleted and replaced by generated tensors."""

import math

import torch.nn as nn


class Target(nn.Module):
    def __init__(self):
        super().__init__()
        self.l1 = nn.Linear(4, 16)
        self.l2 = nn.Linear(16, 2)


class HyperNet(nn.Module):
    def __init__(self, z_dim=8):
        super().__init__()
        target = Target()
        self.shapes = {n: tuple(p.shape) for n, p in target.named_parameters()}
        total = sum(math.prod(s) for s in self.shapes.values())
        for _name, mod in list(target.named_children()):
            for pname in list(mod._parameters):
                del mod._parameters[pname]
                setattr(mod, pname, None)
        self.target = target
        self.embed = nn.Embedding(3, z_dim)
        self.gen = nn.Sequential(nn.Linear(z_dim, 64), nn.ReLU(), nn.Linear(64, total))


model = HyperNet(z_dim=8)
