"""Deep-kernel-ish surrogate: a user MLP feature extractor in front of a botorch GP."""
import torch
import torch.nn as nn
from botorch.models import SingleTaskGP


class DKLSurrogate(nn.Module):
    def __init__(self, train_x, train_y, feat=3):
        super().__init__()
        self.features = nn.Sequential(nn.Linear(train_x.shape[-1], 16), nn.ReLU(), nn.Linear(16, feat))
        with torch.no_grad():
            z = self.features(train_x)
        self.gp = SingleTaskGP(z.double(), train_y.double())


model = DKLSurrogate(torch.rand(8, 6), torch.rand(8, 1))
