"""torchvision: models_mnasnet0_5 (wild-code corpus, benchmarks/wild)."""

import torchvision

model = torchvision.models.mnasnet0_5(weights=None, num_classes=10)
