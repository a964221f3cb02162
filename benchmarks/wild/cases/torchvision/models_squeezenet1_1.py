"""torchvision: models_squeezenet1_1 (wild-code corpus, benchmarks/wild)."""

import torchvision

model = torchvision.models.squeezenet1_1(weights=None, num_classes=10)
