"""timm: create_levit_128s (wild-code corpus, benchmarks/wild)."""

import timm

model = timm.create_model("levit_128s", pretrained=False, num_classes=10)
