"""diffusers: PixArt transformer from a dict with overrides (fresh batch, benchmarks/wild/fresh)."""

from diffusers import PixArtTransformer2DModel

base = {
    "num_attention_heads": 2,
    "attention_head_dim": 16,
    "in_channels": 4,
    "out_channels": 8,
    "num_layers": 2,
    "sample_size": 16,
    "patch_size": 2,
    "caption_channels": 48,
    "cross_attention_dim": 32,
}
overrides = {"num_layers": 3, "norm_type": "ada_norm_single"}
model = PixArtTransformer2DModel(**{**base, **overrides})
