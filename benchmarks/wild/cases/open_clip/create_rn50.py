"""open_clip: create_rn50 (wild-code corpus, benchmarks/wild)."""

import open_clip

model = open_clip.create_model("RN50", pretrained=None)
