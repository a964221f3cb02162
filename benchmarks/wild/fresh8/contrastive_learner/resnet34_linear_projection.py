"""A contrastive learner around a ResNet-34 with a linear (not MLP) projection of the pooled
features, its classifier replaced by a 50-way linear before wrapping."""

import torch.nn as nn
from contrastive_learner import ContrastiveLearner
from torchvision.models import resnet34

backbone = resnet34(num_classes=100)
backbone.fc = nn.Linear(512, 50)

model = ContrastiveLearner(
    backbone, image_size=84, hidden_layer="avgpool", project_hidden=False, project_dim=64
)
