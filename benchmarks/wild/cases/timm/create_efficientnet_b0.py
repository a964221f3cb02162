"""timm: create_efficientnet_b0 (wild-code corpus, benchmarks/wild)."""

import timm

model = timm.create_model("efficientnet_b0", pretrained=False, num_classes=10)
