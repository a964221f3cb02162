import torch
from botorch.models import ModelListGP, SingleTaskGP
from botorch.models.transforms.outcome import Standardize

X = torch.rand(10, 2, dtype=torch.float64)
objectives = {"yield": X.sum(-1), "cost": X.prod(-1), "purity": X[:, 0] - X[:, 1]}
gps = [SingleTaskGP(X, y.unsqueeze(-1), outcome_transform=Standardize(m=1)) for y in objectives.values()]
model = ModelListGP(*gps)
