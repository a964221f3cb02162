"""torchvision: models_mobilenet_v2 (wild-code corpus, benchmarks/wild)."""

import torchvision

model = torchvision.models.mobilenet_v2(weights=None, num_classes=10, width_mult=0.5)
