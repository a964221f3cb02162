"""A tiny Swin transformer from vformer, absolute position embedding off."""

from vformer.models import SwinTransformer

model = SwinTransformer(
    img_size=32,
    patch_size=2,
    in_channels=3,
    n_classes=10,
    embedding_dim=32,
    depths=[2, 2],
    num_heads=[2, 4],
    window_size=4,
    ape=False,
)
