"""torchvision: models_vgg11 (wild-code corpus, benchmarks/wild)."""

import torchvision

model = torchvision.models.vgg11(weights=None, num_classes=10)
