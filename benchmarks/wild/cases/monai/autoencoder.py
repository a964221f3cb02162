"""monai: autoencoder (wild-code corpus, benchmarks/wild)."""

from monai.networks.nets import AutoEncoder

model = AutoEncoder(
    spatial_dims=2,
    in_channels=1,
    out_channels=1,
    channels=(4, 8),
    strides=(2, 2),
)
