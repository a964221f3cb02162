"""vit_pytorch: na_vit_navit (wild-code corpus, benchmarks/wild)."""

from vit_pytorch.na_vit import NaViT

model = NaViT(
    image_size=32,
    patch_size=8,
    num_classes=10,
    dim=64,
    depth=2,
    heads=4,
    mlp_dim=128,
)
