"""A snapshot ensemble and a gradient-boosting ensemble before fit: only the template estimator class is held."""

import torch.nn as nn
from torchensemble import GradientBoostingClassifier, SnapshotEnsembleClassifier


class LeNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Sequential(
            nn.Conv2d(1, 6, 5),
            nn.ReLU(),
            nn.MaxPool2d(2),
            nn.Conv2d(6, 16, 5),
            nn.ReLU(),
            nn.MaxPool2d(2),
        )
        self.fc = nn.Sequential(
            nn.Flatten(), nn.Linear(16 * 4 * 4, 120), nn.ReLU(), nn.Linear(120, 10)
        )


snap = SnapshotEnsembleClassifier(estimator=LeNet, n_estimators=5, cuda=False)
gb = GradientBoostingClassifier(estimator=LeNet, n_estimators=2, shrinkage_rate=0.5, cuda=False)
gb.estimators_.append(gb._make_estimator())
model = nn.ModuleList([snap, gb])
