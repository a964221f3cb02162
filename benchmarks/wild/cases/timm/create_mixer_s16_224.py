"""timm: create_mixer_s16_224 (wild-code corpus, benchmarks/wild)."""

import timm

model = timm.create_model("mixer_s16_224", pretrained=False, num_classes=10)
