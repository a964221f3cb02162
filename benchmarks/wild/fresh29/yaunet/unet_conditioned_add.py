"""A yaunet UNet with a 10-dim condition, add fusion and average-pool downsampling."""

from yaunet import UNet

model = UNet(
    in_channels=1,
    out_channels=1,
    condition_dim=10,
    down_widths=(8, 16, 16),
    down_depths=(1, 1, 1),
    mid_width=16,
    mid_depth=1,
    up_widths=(16, 16, 8),
    up_depths=(1, 1, 1),
    fuse_method="add",
    downsample_method="avg-pool",
    upsample_method="interpolate",
)
