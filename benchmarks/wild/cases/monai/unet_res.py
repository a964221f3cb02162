"""monai: unet_res (wild-code corpus, benchmarks/wild)."""

from monai.networks.nets import UNet

model = UNet(
    spatial_dims=3,
    in_channels=1,
    out_channels=2,
    channels=(8, 16, 32),
    strides=(2, 2),
    num_res_units=2,
)
