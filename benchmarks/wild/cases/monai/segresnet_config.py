"""monai: segresnet_config (wild-code corpus, benchmarks/wild)."""

from monai.networks.nets import SegResNet

config = dict(
    spatial_dims=2,
    init_filters=8,
    in_channels=1,
    out_channels=2,
)
model = SegResNet(**config)
