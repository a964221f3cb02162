"""timm: create_vit_tiny_patch16_224 (wild-code corpus, benchmarks/wild)."""

import timm

model = timm.create_model("vit_tiny_patch16_224", pretrained=False, num_classes=10)
