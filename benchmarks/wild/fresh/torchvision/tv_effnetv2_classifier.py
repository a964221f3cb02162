"""torchvision: EfficientNetV2-S, classifier[1] swapped (fresh batch, benchmarks/wild/fresh)."""

import torch.nn as nn
import torchvision

model = torchvision.models.efficientnet_v2_s(weights=None)
model.classifier[1] = nn.Linear(model.classifier[1].in_features, 5)
