"""torchvision: models_efficientnet_b0 (wild-code corpus, benchmarks/wild)."""

import torchvision

model = torchvision.models.efficientnet_b0(weights=None, num_classes=10)
