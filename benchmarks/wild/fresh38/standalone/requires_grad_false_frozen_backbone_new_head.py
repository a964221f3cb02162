# a frozen feature extractor (requires_grad_(False)) and a new trainable head
import torch.nn as nn

backbone = nn.Sequential(
    nn.Conv2d(3, 32, 3, 2, 1),
    nn.BatchNorm2d(32),
    nn.ReLU(),
    nn.Conv2d(32, 64, 3, 2, 1),
    nn.BatchNorm2d(64),
    nn.ReLU(),
)
backbone.requires_grad_(False)
head = nn.Sequential(nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(64, 37))
model = nn.Sequential(backbone, head)
