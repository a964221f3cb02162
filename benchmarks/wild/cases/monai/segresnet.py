"""monai: segresnet (wild-code corpus, benchmarks/wild)."""

from monai.networks.nets import SegResNet

model = SegResNet(
    spatial_dims=2,
    init_filters=8,
    in_channels=1,
    out_channels=2,
)
