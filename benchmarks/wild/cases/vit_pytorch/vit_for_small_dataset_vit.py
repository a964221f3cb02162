"""vit_pytorch: vit_for_small_dataset_vit (wild-code corpus, benchmarks/wild)."""

from vit_pytorch.vit_for_small_dataset import ViT

model = ViT(
    image_size=32,
    patch_size=8,
    num_classes=10,
    dim=64,
    depth=2,
    heads=4,
    mlp_dim=128,
)
