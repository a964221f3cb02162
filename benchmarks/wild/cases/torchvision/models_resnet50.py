"""torchvision: models_resnet50 (wild-code corpus, benchmarks/wild)."""

import torchvision

model = torchvision.models.resnet50(weights=None, num_classes=10)
