"""A 3D U-Net (unet3d) with BatchNorm3d instead of InstanceNorm3d and explicit channel pairs."""

import torch.nn as nn
from unet3d.unet3d import UNet3d

model = UNet3d(
    c_in=1,
    c_out=1,
    layers=3,
    norm_cls=nn.BatchNorm3d,
    act_module=nn.ELU(),
    cs=[(1, 6), (6, 12), (12, 24)],
)
