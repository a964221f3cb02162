"""A DenseNet-BC for CIFAR through torchdistill's generic densenet builder, its classifier then
swapped for a 2-layer head."""

import torch.nn as nn
from torchdistill.models.classification.densenet import densenet

model = densenet(
    growth_rate=12,
    depth=40,
    num_init_features=24,
    bottleneck=True,
    num_classes=10,
    pretrained=False,
    progress=False,
)
in_f = model.classifier.in_features
model.classifier = nn.Sequential(nn.Linear(in_f, 64), nn.ReLU(), nn.Linear(64, 10))
