"""monai: swin_unetr (wild-code corpus, benchmarks/wild)."""

from monai.networks.nets import SwinUNETR

model = SwinUNETR(
    in_channels=1,
    out_channels=2,
    feature_size=12,
    spatial_dims=2,
    depths=(1, 1, 1, 1),
)
