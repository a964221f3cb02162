"""MoCo-style learner with a momentum key encoder around a small user CNN."""

import torch.nn as nn
from contrastive_learner import ContrastiveLearner

net = nn.Sequential(
    nn.Conv2d(3, 32, 3, padding=1),
    nn.BatchNorm2d(32),
    nn.ReLU(),
    nn.MaxPool2d(2),
    nn.Conv2d(32, 64, 3, padding=1),
    nn.BatchNorm2d(64),
    nn.ReLU(),
    nn.MaxPool2d(2),
    nn.Conv2d(64, 128, 3, padding=1),
    nn.BatchNorm2d(128),
    nn.ReLU(),
    nn.AdaptiveAvgPool2d(1),
    nn.Flatten(),
    nn.Linear(128, 10),
)

model = ContrastiveLearner(
    net, image_size=32, hidden_layer=-2, use_momentum=True, momentum_value=0.99, project_dim=64
)
