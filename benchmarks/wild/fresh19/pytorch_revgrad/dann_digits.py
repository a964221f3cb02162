"""DANN: a feature extractor shared by a label classifier and a gradient-reversed domain critic."""

import torch.nn as nn
from pytorch_revgrad import RevGrad


class DANN(nn.Module):
    def __init__(self, n_classes=10):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(1, 32, 5),
            nn.ReLU(),
            nn.MaxPool2d(2),
            nn.Conv2d(32, 48, 5),
            nn.ReLU(),
            nn.MaxPool2d(2),
            nn.Flatten(),
        )
        self.classifier = nn.Sequential(
            nn.Linear(48 * 4 * 4, 100), nn.ReLU(), nn.Linear(100, n_classes)
        )
        self.domain = nn.Sequential(
            RevGrad(alpha=0.5), nn.Linear(48 * 4 * 4, 100), nn.ReLU(), nn.Linear(100, 2)
        )


model = DANN()
