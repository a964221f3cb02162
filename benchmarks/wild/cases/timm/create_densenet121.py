"""timm: create_densenet121 (wild-code corpus, benchmarks/wild)."""

import timm

model = timm.create_model("densenet121", pretrained=False, num_classes=10)
