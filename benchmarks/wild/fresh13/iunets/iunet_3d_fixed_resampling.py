"""3D iUNet with non-learnable resampling and channel mixing turned off."""

from iunets import iUNet

cfg = dict(
    in_channels=4,
    architecture=(1, 2),
    dim=3,
    learnable_resampling=False,
    learnable_channel_mixing=False,
    verbose=0,
)
model = iUNet(**cfg)
