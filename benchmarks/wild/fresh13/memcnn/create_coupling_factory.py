"""Couplings built through memcnn.create_coupling by name, one per config row."""

import memcnn
import torch.nn as nn

ROWS = [("additive", 24), ("affine", 24), ("additive", 24)]


def mlp(d):
    return nn.Sequential(nn.Linear(d, 64), nn.ReLU(), nn.Linear(64, d))


class RevMLP(nn.Module):
    def __init__(self, rows, features=48):
        super().__init__()
        layers = []
        for kind, half in rows:
            fm, gm = mlp(half), mlp(half)
            c = memcnn.create_coupling(Fm=fm, Gm=gm, coupling=kind)
            layers.append(memcnn.InvertibleModuleWrapper(c, disable=True))
        self.layers = nn.ModuleList(layers)
        self.readout = nn.Linear(features, 1)


model = RevMLP(ROWS, features=48)
