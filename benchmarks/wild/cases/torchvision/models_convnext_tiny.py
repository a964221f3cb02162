"""torchvision: models_convnext_tiny (wild-code corpus, benchmarks/wild)."""

import torchvision

model = torchvision.models.convnext_tiny(weights=None, num_classes=10)
