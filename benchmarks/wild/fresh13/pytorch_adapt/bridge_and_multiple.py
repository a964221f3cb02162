"""A bridge-augmented classifier (ModelWithBridge) and two MCD heads in MultipleModels."""

import torch.nn as nn
from pytorch_adapt.layers import ModelWithBridge, MultipleModels
from pytorch_adapt.models import Classifier

features = nn.Sequential(nn.Linear(64, 128), nn.ReLU())
c1 = Classifier(num_classes=5, in_size=128, h=64)
c2 = Classifier(num_classes=5, in_size=128, h=64)
bridged = ModelWithBridge(Classifier(num_classes=5, in_size=128, h=32))
model = nn.ModuleDict({"G": features, "C": MultipleModels(c1, c2), "bridge_C": bridged})
