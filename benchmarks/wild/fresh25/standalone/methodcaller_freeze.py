"""operator.methodcaller('requires_grad_', False) mapped over the stem's modules freezes them."""

import operator

import torch.nn as nn

model = nn.Sequential(
    nn.Conv2d(3, 16, 3, padding=1),
    nn.BatchNorm2d(16),
    nn.Conv2d(16, 32, 3, stride=2, padding=1),
    nn.AdaptiveAvgPool2d(1),
    nn.Flatten(),
    nn.Linear(32, 6),
)
freeze = operator.methodcaller("requires_grad_", False)
list(map(freeze, model[:2]))
