"""Zoo: a convolutional autoencoder with Flatten / Unflatten and a linear bottleneck."""

import torch.nn as nn


class AutoEncoder(nn.Module):
    def __init__(self, latent=16):
        super().__init__()
        self.encoder = nn.Sequential(
            nn.Conv2d(1, 8, 3, stride=2, padding=1),
            nn.ReLU(),
            nn.Conv2d(8, 16, 3, stride=2, padding=1),
            nn.ReLU(),
            nn.Flatten(),
            nn.Linear(16 * 7 * 7, latent),
        )
        self.decoder = nn.Sequential(
            nn.Linear(latent, 16 * 7 * 7),
            nn.Unflatten(1, (16, 7, 7)),
            nn.ConvTranspose2d(16, 8, 3, stride=2, padding=1, output_padding=1),
            nn.ReLU(),
            nn.ConvTranspose2d(8, 1, 3, stride=2, padding=1, output_padding=1),
            nn.Sigmoid(),
        )

    def forward(self, x):
        return self.decoder(self.encoder(x))


ENTRY = "AutoEncoder"
CONFIG = None
INPUT = (2, 1, 28, 28)


def build():
    return AutoEncoder()
