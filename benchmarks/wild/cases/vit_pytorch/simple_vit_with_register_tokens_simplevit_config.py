"""vit_pytorch: simple_vit_with_register_tokens_simplevit_config (wild-code corpus, benchmarks/wild)."""

from vit_pytorch.simple_vit_with_register_tokens import SimpleViT

config = dict(
    image_size=32,
    patch_size=8,
    num_classes=10,
    dim=64,
    depth=2,
    heads=4,
    mlp_dim=128,
    num_register_tokens=2,
)
model = SimpleViT(**config)
