"""A tiny yaunet UNet: two levels of widths (8, 16), middle width 32, concat fusion."""

from yaunet import UNet

model = UNet(
    in_channels=3,
    out_channels=1,
    down_widths=(8, 16),
    down_depths=(1, 1),
    mid_width=32,
    mid_depth=1,
    up_widths=(16, 8),
    up_depths=(1, 1),
)
