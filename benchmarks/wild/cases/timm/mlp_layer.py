"""timm: mlp_layer (wild-code corpus, benchmarks/wild)."""

from timm.layers import Mlp

model = Mlp(
    in_features=64,
    hidden_features=256,
    out_features=32,
)
