"""iUNet with a user-provided create_module_fn (a small residual-free conv block)."""

import torch.nn as nn
from iunets import iUNet


def my_block(in_channels, **kwargs):
    # the block maps the untouched half of the channels to the other half (additive coupling)
    half = in_channels // 2
    return nn.Sequential(
        nn.Conv2d(in_channels - half, 16, 3, padding=1),
        nn.LeakyReLU(),
        nn.Conv2d(16, half, 3, padding=1),
    )


model = iUNet(in_channels=6, architecture=(2, 1, 1), dim=2, create_module_fn=my_block, verbose=0)
