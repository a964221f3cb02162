"""torchvision: models_resnet18 (wild-code corpus, benchmarks/wild)."""

import torchvision

model = torchvision.models.resnet18(weights=None, num_classes=10)
