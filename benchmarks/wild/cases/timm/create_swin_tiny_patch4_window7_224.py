"""timm: create_swin_tiny_patch4_window7_224 (wild-code corpus, benchmarks/wild)."""

import timm

model = timm.create_model("swin_tiny_patch4_window7_224", pretrained=False, num_classes=10)
