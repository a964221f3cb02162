"""torchvision: models_swin_t (wild-code corpus, benchmarks/wild)."""

import torchvision

model = torchvision.models.swin_t(weights=None, num_classes=10)
