"""vformer's VanillaViT with small explicit sizes."""

from vformer.models import VanillaViT

model = VanillaViT(
    img_size=32,
    patch_size=4,
    n_classes=10,
    embedding_dim=96,
    head_dim=32,
    depth=3,
    num_heads=3,
    encoder_mlp_dim=192,
)
