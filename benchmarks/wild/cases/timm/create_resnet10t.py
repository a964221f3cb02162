"""timm: create_resnet10t (wild-code corpus, benchmarks/wild)."""

import timm

model = timm.create_model("resnet10t", pretrained=False, num_classes=5, in_chans=1)
