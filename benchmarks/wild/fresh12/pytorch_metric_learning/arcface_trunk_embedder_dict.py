"""Metric learning the way the library's examples wire it: trunk, embedder and a loss with weights in one ModuleDict."""

import torch.nn as nn
from pytorch_metric_learning import losses

EMB = 64


class Trunk(nn.Module):
    def __init__(self, in_ch=3, width=32):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(in_ch, width, 3, padding=1),
            nn.BatchNorm2d(width),
            nn.ReLU(),
            nn.Conv2d(width, width * 2, 3, stride=2, padding=1),
            nn.BatchNorm2d(width * 2),
            nn.ReLU(),
            nn.AdaptiveAvgPool2d(1),
            nn.Flatten(),
        )
        self.out_dim = width * 2

    def forward(self, x):
        return self.features(x)


trunk = Trunk(width=24)
embedder = nn.Sequential(nn.Linear(trunk.out_dim, 128), nn.ReLU(), nn.Linear(128, EMB))
loss_fn = losses.ArcFaceLoss(num_classes=10, embedding_size=EMB, margin=28.6, scale=64)
model = nn.ModuleDict({"trunk": trunk, "embedder": embedder, "loss": loss_fn})
