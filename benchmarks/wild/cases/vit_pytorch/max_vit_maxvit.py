"""vit_pytorch: max_vit_maxvit (wild-code corpus, benchmarks/wild)."""

from vit_pytorch.max_vit import MaxViT

model = MaxViT(
    num_classes=10,
    dim=32,
    depth=(1, 1),
    dim_head=16,
    window_size=4,
)
