"""BYOL by hand: online encoder+projector+predictor, target network made with copy.deepcopy (frozen)."""

import copy

import torch.nn as nn


def mlp(dim, projection_size, hidden_size):
    return nn.Sequential(
        nn.Linear(dim, hidden_size),
        nn.BatchNorm1d(hidden_size),
        nn.ReLU(inplace=True),
        nn.Linear(hidden_size, projection_size),
    )


def conv_encoder(width=64):
    layers, c = [], 3
    for mult in (1, 2, 4):
        layers += [
            nn.Conv2d(c, width * mult, 3, stride=2, padding=1),
            nn.BatchNorm2d(width * mult),
            nn.ReLU(),
        ]
        c = width * mult
    return nn.Sequential(*layers, nn.AdaptiveAvgPool2d(1), nn.Flatten())


class BYOL(nn.Module):
    def __init__(self, width=64, projection_size=128, hidden_size=1024):
        super().__init__()
        self.online_encoder = nn.Sequential(
            conv_encoder(width), mlp(width * 4, projection_size, hidden_size)
        )
        self.online_predictor = mlp(projection_size, projection_size, hidden_size)
        self.target_encoder = copy.deepcopy(self.online_encoder)
        for p in self.target_encoder.parameters():
            p.requires_grad = False

    def forward(self, x1, x2):
        p1 = self.online_predictor(self.online_encoder(x1))
        z2 = self.target_encoder(x2).detach()
        return p1, z2


model = BYOL(width=32, projection_size=128, hidden_size=512)
