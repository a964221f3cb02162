"""perceiver_pytorch: perceiver (wild-code corpus, benchmarks/wild)."""

from perceiver_pytorch import Perceiver

model = Perceiver(
    input_channels=3,
    input_axis=2,
    num_freq_bands=4,
    max_freq=10.0,
    depth=2,
    num_latents=16,
    latent_dim=32,
    cross_heads=1,
    latent_heads=4,
    cross_dim_head=16,
    latent_dim_head=16,
    num_classes=10,
)
