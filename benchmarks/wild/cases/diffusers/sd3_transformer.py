"""diffusers: sd3_transformer (wild-code corpus, benchmarks/wild)."""

from diffusers import SD3Transformer2DModel

model = SD3Transformer2DModel(
    sample_size=16,
    patch_size=2,
    in_channels=4,
    num_layers=2,
    attention_head_dim=8,
    num_attention_heads=2,
    joint_attention_dim=32,
    caption_projection_dim=16,
    pooled_projection_dim=16,
    out_channels=4,
    pos_embed_max_size=32,
)
