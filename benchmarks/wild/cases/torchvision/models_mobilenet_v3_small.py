"""torchvision: models_mobilenet_v3_small (wild-code corpus, benchmarks/wild)."""

import torchvision

model = torchvision.models.mobilenet_v3_small(weights=None, num_classes=10)
