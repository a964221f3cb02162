"""`copy.copy` of a module shares its parameter dict (a shallow twin), `copy.deepcopy` does not:
a momentum encoder made by deepcopy and a 'view' encoder made by copy.copy."""

import copy

import torch.nn as nn


def encoder(in_dim, hidden, out):
    return nn.Sequential(
        nn.Linear(in_dim, hidden), nn.BatchNorm1d(hidden), nn.ReLU(), nn.Linear(hidden, out)
    )


class BYOLish(nn.Module):
    def __init__(self, in_dim=32, hidden=128, out=64):
        super().__init__()
        self.online = encoder(in_dim, hidden, out)
        self.view = copy.copy(self.online)
        self.target = copy.deepcopy(self.online)
        for p in self.target.parameters():
            p.requires_grad_(False)
        self.predictor = nn.Sequential(nn.Linear(out, hidden), nn.ReLU(), nn.Linear(hidden, out))


model = BYOLish()
