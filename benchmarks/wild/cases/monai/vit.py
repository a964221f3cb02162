"""monai: vit (wild-code corpus, benchmarks/wild)."""

from monai.networks.nets import ViT

model = ViT(
    in_channels=1,
    img_size=(32, 32),
    patch_size=(8, 8),
    hidden_size=64,
    mlp_dim=128,
    num_layers=2,
    num_heads=4,
    spatial_dims=2,
)
