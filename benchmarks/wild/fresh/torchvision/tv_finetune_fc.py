"""torchvision: transfer learning, the head replaced after building (fresh batch, benchmarks/wild/fresh)."""

import torch.nn as nn
from torchvision import models

model = models.resnet34(weights=None)
for p in model.parameters():
    p.requires_grad = False
num_ftrs = model.fc.in_features
model.fc = nn.Linear(num_ftrs, 2)
