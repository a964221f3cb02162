"""timm: create_resnet18 (wild-code corpus, benchmarks/wild)."""

import timm

model = timm.create_model("resnet18", pretrained=False, num_classes=10)
