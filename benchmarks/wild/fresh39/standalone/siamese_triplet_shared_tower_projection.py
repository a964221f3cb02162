# a siamese / triplet network: anchor, positive and negative all run through ONE tower object
import torch.nn as nn


class Tower(nn.Module):
    def __init__(self, emb=128):
        super().__init__()
        self.conv = nn.Sequential(
            nn.Conv2d(1, 32, 5),
            nn.ReLU(),
            nn.MaxPool2d(2),
            nn.Conv2d(32, 64, 5),
            nn.ReLU(),
            nn.MaxPool2d(2),
        )
        self.fc = nn.Linear(64 * 4 * 4, emb)


class Triplet(nn.Module):
    def __init__(self):
        super().__init__()
        tower = Tower()
        self.anchor = tower
        self.positive = tower
        self.negative = tower
        self.proj = nn.Linear(128, 64)


model = Triplet()
