"""timm: create_poolformer_s12 (wild-code corpus, benchmarks/wild)."""

import timm

model = timm.create_model("poolformer_s12", pretrained=False, num_classes=10)
