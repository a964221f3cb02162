"""vit_pytorch: vit_vit (wild-code corpus, benchmarks/wild)."""

from vit_pytorch.vit import ViT

model = ViT(
    image_size=32,
    patch_size=8,
    num_classes=10,
    dim=64,
    depth=2,
    heads=4,
    mlp_dim=128,
    dim_head=16,
    pool='mean',
)
