"""timm: create_resnet50 (wild-code corpus, benchmarks/wild)."""

import timm

model = timm.create_model("resnet50", pretrained=False, num_classes=100, drop_rate=0.1)
