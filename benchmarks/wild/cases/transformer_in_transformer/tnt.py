"""transformer_in_transformer: tnt (wild-code corpus, benchmarks/wild)."""

from transformer_in_transformer import TNT

model = TNT(
    image_size=32,
    patch_dim=64,
    pixel_dim=16,
    patch_size=8,
    pixel_size=4,
    depth=2,
    num_classes=10,
    heads=4,
    dim_head=16,
)
