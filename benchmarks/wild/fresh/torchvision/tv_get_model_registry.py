"""torchvision: the models registry by name (fresh batch, benchmarks/wild/fresh)."""

import torchvision

model = torchvision.models.get_model("mobilenet_v3_large", weights=None, num_classes=10)
