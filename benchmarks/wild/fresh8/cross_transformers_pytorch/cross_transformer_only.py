"""The cross-transformer alone, for 256-channel feature maps."""

from cross_transformers_pytorch import CrossTransformer

model = CrossTransformer(dim=256, dim_key=64, dim_value=96)
