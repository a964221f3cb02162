"""vit_pytorch: vit_1d_vit (wild-code corpus, benchmarks/wild)."""

from vit_pytorch.vit_1d import ViT

model = ViT(
    seq_len=64,
    patch_size=8,
    num_classes=10,
    dim=64,
    depth=2,
    heads=4,
    mlp_dim=128,
)
