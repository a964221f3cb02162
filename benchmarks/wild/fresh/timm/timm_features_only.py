"""timm: a feature-extractor backbone (features_only, chosen stages) (fresh batch, benchmarks/wild/fresh)."""

import timm

model = timm.create_model("cspresnet50", pretrained=False, features_only=True, out_indices=(1, 2, 3))
