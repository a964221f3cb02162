"""A small ViT from self-attention-cv for CIFAR-10 (4x4 patches)."""

from self_attention_cv import ViT

model = ViT(
    img_dim=32,
    in_channels=3,
    patch_dim=4,
    num_classes=10,
    dim=64,
    blocks=3,
    heads=4,
    dim_linear_block=128,
)
