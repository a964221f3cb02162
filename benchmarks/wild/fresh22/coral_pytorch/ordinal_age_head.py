"""An age estimator whose classifier head is replaced by coral_pytorch's CoralLayer (rank-consistent
ordinal regression: one shared weight vector, num_classes - 1 biases)."""

from coral_pytorch.layers import CoralLayer
from torch import nn

NUM_AGES = 12


class Backbone(nn.Module):
    def __init__(self):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(1, 8, 3, padding=1),
            nn.ReLU(),
            nn.MaxPool2d(2),
            nn.Conv2d(8, 16, 3, padding=1),
            nn.ReLU(),
            nn.AdaptiveAvgPool2d(1),
            nn.Flatten(),
        )
        self.fc = nn.Linear(16, NUM_AGES)


model = Backbone()
model.fc = CoralLayer(size_in=model.fc.in_features, num_classes=NUM_AGES)
