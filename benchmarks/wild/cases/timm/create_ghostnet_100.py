"""timm: create_ghostnet_100 (wild-code corpus, benchmarks/wild)."""

import timm

model = timm.create_model("ghostnet_100", pretrained=False, num_classes=10)
