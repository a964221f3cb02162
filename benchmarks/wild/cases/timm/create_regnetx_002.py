"""timm: create_regnetx_002 (wild-code corpus, benchmarks/wild)."""

import timm

model = timm.create_model("regnetx_002", pretrained=False, num_classes=10)
