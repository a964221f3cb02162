"""Bayesian-optimisation loop step: a GP surrogate with input normalisation and outcome standardisation."""
import torch
from botorch.models import SingleTaskGP
from botorch.models.transforms import Normalize, Standardize

torch.manual_seed(0)
d = 4
train_X = torch.rand(12, d, dtype=torch.double)
train_Y = (train_X.sin().sum(-1, keepdim=True) + 0.05 * torch.randn(12, 1, dtype=torch.double))

model = SingleTaskGP(train_X, train_Y, input_transform=Normalize(d=d), outcome_transform=Standardize(m=1))
