# one encoder read by a Bilinear relation head and a cosine-classifier head (weights only, no bias)
import torch
import torch.nn as nn


class Siamese(nn.Module):
    def __init__(self, d_in=40, d=64, n_rel=5, n_cls=12):
        super().__init__()
        self.encoder = nn.Sequential(nn.Linear(d_in, d), nn.Tanh(), nn.Linear(d, d))
        self.relation = nn.Bilinear(d, d, n_rel)
        self.prototypes = nn.Parameter(torch.randn(n_cls, d))
        self.temperature = nn.Parameter(torch.tensor(10.0))


model = Siamese()
