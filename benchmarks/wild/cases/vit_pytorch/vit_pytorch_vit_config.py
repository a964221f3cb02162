"""vit_pytorch: vit_pytorch_vit_config (wild-code corpus, benchmarks/wild)."""

from vit_pytorch import ViT

config = dict(
    image_size=32,
    patch_size=8,
    num_classes=10,
    dim=64,
    depth=2,
    heads=4,
    mlp_dim=128,
)
model = ViT(**config)
