"""vit_pytorch: vit_3d_vit (wild-code corpus, benchmarks/wild)."""

from vit_pytorch.vit_3d import ViT

model = ViT(
    image_size=32,
    image_patch_size=8,
    frames=8,
    frame_patch_size=2,
    num_classes=10,
    dim=64,
    depth=2,
    heads=4,
    mlp_dim=128,
)
