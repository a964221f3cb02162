"""vit_pytorch: local_vit_localvit (wild-code corpus, benchmarks/wild)."""

from vit_pytorch.local_vit import LocalViT

model = LocalViT(
    image_size=32,
    patch_size=8,
    num_classes=10,
    dim=64,
    depth=2,
    heads=4,
    mlp_dim=128,
)
