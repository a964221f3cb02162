"""CURL-style bilinear similarity learner around a ResNet-34 whose classifier is replaced by a
50-d linear before wrapping."""

import torch.nn as nn
from contrastive_learner import ContrastiveLearner
from torchvision.models import resnet34

backbone = resnet34(num_classes=100)
backbone.fc = nn.Linear(512, 50)

model = ContrastiveLearner(
    backbone, image_size=84, hidden_layer="avgpool", use_bilinear=True, project_dim=50
)
