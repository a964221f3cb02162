"""vit_pytorch: levit_levit (wild-code corpus, benchmarks/wild)."""

from vit_pytorch.levit import LeViT

model = LeViT(
    image_size=64,
    num_classes=10,
    dim=(32, 48, 64),
    depth=1,
    heads=(2, 3, 4),
    mlp_mult=2,
)
