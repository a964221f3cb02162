"""vit_pytorch: deepvit_deepvit (wild-code corpus, benchmarks/wild)."""

from vit_pytorch.deepvit import DeepViT

model = DeepViT(
    image_size=32,
    patch_size=8,
    num_classes=10,
    dim=64,
    depth=2,
    heads=4,
    mlp_dim=128,
)
