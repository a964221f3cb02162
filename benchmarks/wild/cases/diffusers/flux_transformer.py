"""diffusers: flux_transformer (wild-code corpus, benchmarks/wild)."""

from diffusers import FluxTransformer2DModel

model = FluxTransformer2DModel(
    patch_size=1,
    in_channels=16,
    num_layers=1,
    num_single_layers=1,
    attention_head_dim=16,
    num_attention_heads=2,
    joint_attention_dim=32,
    pooled_projection_dim=32,
    axes_dims_rope=(4, 6, 6),
)
