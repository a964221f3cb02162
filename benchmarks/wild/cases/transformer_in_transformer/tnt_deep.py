"""transformer_in_transformer: tnt_deep (wild-code corpus, benchmarks/wild)."""

from transformer_in_transformer import TNT

model = TNT(
    image_size=32,
    patch_dim=32,
    pixel_dim=8,
    patch_size=16,
    pixel_size=4,
    depth=3,
    num_classes=5,
    heads=2,
    dim_head=16,
)
