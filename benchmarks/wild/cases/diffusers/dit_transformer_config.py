"""diffusers: dit_transformer_config (wild-code corpus, benchmarks/wild)."""

from diffusers import DiTTransformer2DModel

config = dict(
    num_attention_heads=2,
    attention_head_dim=16,
    in_channels=4,
    num_layers=2,
    sample_size=8,
    patch_size=2,
    num_embeds_ada_norm=10,
)
model = DiTTransformer2DModel(**config)
