"""diffusers: dit_transformer (wild-code corpus, benchmarks/wild)."""

from diffusers import DiTTransformer2DModel

model = DiTTransformer2DModel(
    num_attention_heads=2,
    attention_head_dim=16,
    in_channels=4,
    num_layers=2,
    sample_size=8,
    patch_size=2,
    num_embeds_ada_norm=10,
)
