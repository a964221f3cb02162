"""monai: basic_unet (wild-code corpus, benchmarks/wild)."""

from monai.networks.nets import BasicUNet

model = BasicUNet(
    spatial_dims=2,
    in_channels=1,
    out_channels=2,
    features=(8, 8, 16, 32, 64, 8),
)
