"""torchvision: models_shufflenet_v2_x0_5 (wild-code corpus, benchmarks/wild)."""

import torchvision

model = torchvision.models.shufflenet_v2_x0_5(weights=None, num_classes=10)
