"""torchvision: models_densenet121 (wild-code corpus, benchmarks/wild)."""

import torchvision

model = torchvision.models.densenet121(weights=None, num_classes=10)
