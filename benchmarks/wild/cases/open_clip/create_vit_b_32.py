"""open_clip: create_vit_b_32 (wild-code corpus, benchmarks/wild)."""

import open_clip

model = open_clip.create_model("ViT-B-32", pretrained=None)
