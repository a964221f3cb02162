"""BYOL around a small CNN; the projector is built lazily, so a dummy pass runs once."""

import torch.nn as nn
from byol_pytorch import BYOL


class SmallCNN(nn.Module):
    def __init__(self, width=32):
        super().__init__()
        self.body = nn.Sequential(
            nn.Conv2d(3, width, 3, padding=1),
            nn.BatchNorm2d(width),
            nn.ReLU(),
            nn.MaxPool2d(2),
            nn.Conv2d(width, width * 2, 3, padding=1),
            nn.BatchNorm2d(width * 2),
            nn.ReLU(),
            nn.AdaptiveAvgPool2d(1),
            nn.Flatten(),
        )
        self.fc = nn.Linear(width * 2, 10)

    def forward(self, x):
        return self.fc(self.body(x))


model = BYOL(
    SmallCNN(width=32),
    image_size=32,
    hidden_layer=-2,
    projection_size=64,
    projection_hidden_size=256,
    use_momentum=False,
)
