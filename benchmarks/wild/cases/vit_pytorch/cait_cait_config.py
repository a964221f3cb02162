"""vit_pytorch: cait_cait_config (wild-code corpus, benchmarks/wild)."""

from vit_pytorch.cait import CaiT

config = dict(
    image_size=32,
    patch_size=8,
    num_classes=10,
    dim=64,
    depth=2,
    heads=4,
    mlp_dim=128,
    cls_depth=1,
)
model = CaiT(**config)
