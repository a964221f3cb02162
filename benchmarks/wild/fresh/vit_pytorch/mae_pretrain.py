"""vit_pytorch: masked-autoencoder pretraining around a ViT (fresh batch, benchmarks/wild/fresh)."""

from vit_pytorch import ViT
from vit_pytorch.mae import MAE

encoder = ViT(
    image_size=64,
    patch_size=8,
    num_classes=10,
    dim=128,
    depth=3,
    heads=4,
    mlp_dim=256,
)
model = MAE(encoder=encoder, masking_ratio=0.75, decoder_dim=64, decoder_depth=2, decoder_heads=4, decoder_dim_head=16)
