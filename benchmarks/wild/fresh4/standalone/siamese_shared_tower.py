"""Siamese network: one tower applied to both inputs plus a contrastive projection (shared weights)."""

import torch
import torch.nn as nn


class Tower(nn.Module):
    def __init__(self, emb=128):
        super().__init__()
        self.cnn = nn.Sequential(
            nn.Conv2d(1, 64, 10),
            nn.ReLU(inplace=True),
            nn.MaxPool2d(2),
            nn.Conv2d(64, 128, 7),
            nn.ReLU(inplace=True),
            nn.MaxPool2d(2),
            nn.Conv2d(128, 128, 4),
            nn.ReLU(inplace=True),
            nn.MaxPool2d(2),
            nn.Conv2d(128, 256, 4),
            nn.ReLU(inplace=True),
        )
        self.fc = nn.Sequential(nn.Flatten(), nn.Linear(256 * 6 * 6, emb), nn.Sigmoid())

    def forward(self, x):
        return self.fc(self.cnn(x))


class Siamese(nn.Module):
    def __init__(self, emb=128):
        super().__init__()
        self.tower = Tower(emb)
        self.left = self.tower
        self.right = self.tower
        self.out = nn.Linear(emb, 1)

    def forward(self, a, b):
        return self.out(torch.abs(self.left(a) - self.right(b)))


model = Siamese(emb=256)
