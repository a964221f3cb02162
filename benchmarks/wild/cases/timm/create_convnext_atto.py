"""timm: create_convnext_atto (wild-code corpus, benchmarks/wild)."""

import timm

model = timm.create_model("convnext_atto", pretrained=False, num_classes=10)
