"""timm: create_deit_tiny_patch16_224 (wild-code corpus, benchmarks/wild)."""

import timm

model = timm.create_model("deit_tiny_patch16_224", pretrained=False, num_classes=10, img_size=64)
