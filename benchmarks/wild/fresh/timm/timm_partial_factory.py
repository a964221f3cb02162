"""timm: a partial of create_model, then a registry name (fresh batch, benchmarks/wild/fresh)."""

from functools import partial

import timm

make_model = partial(timm.create_model, pretrained=False, num_classes=7)
model = make_model("mobilevitv2_050")
