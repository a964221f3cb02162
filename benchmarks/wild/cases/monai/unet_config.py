"""monai: unet_config (wild-code corpus, benchmarks/wild)."""

from monai.networks.nets import UNet

config = dict(
    spatial_dims=2,
    in_channels=1,
    out_channels=2,
    channels=(8, 16, 32),
    strides=(2, 2),
)
model = UNet(**config)
