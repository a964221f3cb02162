# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        layers = nn.ModuleList([nn.Linear(2, 2)])
        layers += [nn.Linear(4, 4)]
        layers.extend([nn.Linear(8, 8)])
        layers.insert(0, nn.Linear(16, 16))
        self.layers = layers[1:]
        seq = nn.Sequential(nn.Linear(3, 3), nn.Linear(5, 5), nn.Linear(7, 7))
        self.seq = seq[::2]
        del seq[0]
        self.rest = seq


model = M()
