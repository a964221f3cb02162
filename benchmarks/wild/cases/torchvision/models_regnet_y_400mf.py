"""torchvision: models_regnet_y_400mf (wild-code corpus, benchmarks/wild)."""

import torchvision

model = torchvision.models.regnet_y_400mf(weights=None, num_classes=10)
