"""vit_pytorch: t2t_t2tvit (wild-code corpus, benchmarks/wild)."""

from vit_pytorch.t2t import T2TViT

model = T2TViT(
    image_size=32,
    num_classes=10,
    dim=64,
    depth=2,
    heads=4,
    mlp_dim=128,
    t2t_layers=((7, 4), (3, 2)),
)
