"""A yaunet UNet whose down and up blocks are ConvNeXt blocks (the middle keeps ResNet blocks)."""

from yaunet import UNet
from yaunet.blocks import ConvNextBlock

model = UNet(
    in_channels=2,
    out_channels=2,
    down_widths=(12, 24),
    down_depths=(2, 1),
    mid_width=24,
    mid_depth=1,
    up_widths=(24, 12),
    up_depths=(1, 1),
    down_block_layer=ConvNextBlock,
    up_block_layer=ConvNextBlock,
)
