"""vit_pytorch: parallel_vit_vit (wild-code corpus, benchmarks/wild)."""

from vit_pytorch.parallel_vit import ViT

model = ViT(
    image_size=32,
    patch_size=8,
    num_classes=10,
    dim=64,
    depth=2,
    heads=4,
    mlp_dim=128,
)
