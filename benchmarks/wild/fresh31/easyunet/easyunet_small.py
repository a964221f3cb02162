"""A small EasyUNet: base width 8, three levels, 3 input channels, 2 output channels."""

from easy_unet import EasyUNet

model = EasyUNet(dim=8, dim_mults=(1, 2, 4), channels=3, out_channels=2)
