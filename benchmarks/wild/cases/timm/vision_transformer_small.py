"""timm: vision_transformer_small (wild-code corpus, benchmarks/wild)."""

from timm.models.vision_transformer import VisionTransformer

model = VisionTransformer(
    img_size=32,
    patch_size=4,
    embed_dim=64,
    depth=2,
    num_heads=4,
    num_classes=10,
)
