"""timm: create_mobilenetv3_small_100 (wild-code corpus, benchmarks/wild)."""

import timm

model = timm.create_model("mobilenetv3_small_100", pretrained=False, num_classes=10)
