"""An Inception-style classifier with an auxiliary head used only in training; for export the aux head is
removed with delattr after construction."""

import torch.nn as nn


class AuxNet(nn.Module):
    def __init__(self, width=32, classes=10):
        super().__init__()
        self.stem = nn.Sequential(
            nn.Conv2d(3, width, 3, padding=1), nn.BatchNorm2d(width), nn.ReLU()
        )
        self.body = nn.Sequential(nn.Conv2d(width, 2 * width, 3, stride=2, padding=1), nn.ReLU())
        self.aux = nn.Sequential(
            nn.AdaptiveAvgPool2d(4),
            nn.Flatten(),
            nn.Linear(width * 16, 256),
            nn.Linear(256, classes),
        )
        self.head = nn.Linear(2 * width, classes)


model = AuxNet(width=32, classes=10)
delattr(model, "aux")
