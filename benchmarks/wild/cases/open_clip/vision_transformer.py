"""open_clip: vision_transformer (wild-code corpus, benchmarks/wild)."""

from open_clip.transformer import VisionTransformer

model = VisionTransformer(
    image_size=32, patch_size=8, width=64, layers=2, heads=4, mlp_ratio=4.0, output_dim=32
)
