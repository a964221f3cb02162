"""monai: densenet121 (wild-code corpus, benchmarks/wild)."""

from monai.networks.nets import DenseNet121

model = DenseNet121(
    spatial_dims=2,
    in_channels=1,
    out_channels=2,
)
