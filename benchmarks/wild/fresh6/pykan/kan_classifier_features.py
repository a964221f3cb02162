"""Tabular classification: a user feature encoder in front of a pykan KAN with affine params."""

import torch.nn as nn
from kan import KAN


class KANClassifier(nn.Module):
    def __init__(self, n_features=10, latent=4, n_classes=3):
        super().__init__()
        self.encode = nn.Sequential(nn.Linear(n_features, latent), nn.Tanh())
        self.kan = KAN(
            width=[latent, 6, n_classes],
            grid=4,
            k=2,
            affine_trainable=True,
            auto_save=False,
            seed=0,
        )

    def forward(self, x):
        return self.kan(self.encode(x))


model = KANClassifier(n_features=10, latent=4, n_classes=3)
