"""transformer_in_transformer: tnt_gray (wild-code corpus, benchmarks/wild)."""

from transformer_in_transformer import TNT

model = TNT(
    image_size=32,
    patch_dim=32,
    pixel_dim=8,
    patch_size=8,
    pixel_size=2,
    depth=1,
    num_classes=10,
    channels=1,
)
