"""timm: create_edgenext_xx_small (wild-code corpus, benchmarks/wild)."""

import timm

model = timm.create_model("edgenext_xx_small", pretrained=False, num_classes=10)
