"""A 3-level 3D U-Net (unet3d) starting at 4 channels, 2 input channels, 3 classes."""

from unet3d.unet3d import UNet3d

model = UNet3d(c_in=2, c_out=3, c_start=4, layers=3)
