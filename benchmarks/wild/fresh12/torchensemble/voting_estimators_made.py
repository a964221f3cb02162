"""A voting ensemble whose estimators are materialised the way torchensemble's loader does it (before fit)."""

import torch.nn as nn
from torchensemble import VotingClassifier


class MLP(nn.Module):
    def __init__(self, in_dim=20, hidden=64, out=3):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(in_dim, hidden), nn.ReLU(), nn.Linear(hidden, out))


model = VotingClassifier(
    estimator=MLP, n_estimators=4, estimator_args={"in_dim": 16, "hidden": 32}, cuda=False
)
for _ in range(model.n_estimators):
    model.estimators_.append(model._make_estimator())
