"""monai: vnet (wild-code corpus, benchmarks/wild)."""

from monai.networks.nets import VNet

model = VNet(
    spatial_dims=3,
    in_channels=1,
    out_channels=2,
)
