"""A custom FasterViT built from the class with explicit stage sizes, 100 classes."""

from fastervit.models.faster_vit import FasterViT

model = FasterViT(
    dim=48,
    in_dim=32,
    depths=[1, 2, 4, 2],
    window_size=[7, 7, 7, 7],
    ct_size=2,
    mlp_ratio=3,
    num_heads=[2, 2, 4, 8],
    resolution=224,
    drop_path_rate=0.1,
    num_classes=100,
    hat=[False, False, True, False],
)
