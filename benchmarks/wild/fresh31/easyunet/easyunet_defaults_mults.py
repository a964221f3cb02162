"""EasyUNet with its default four levels (1, 2, 4, 8) but a width of 4 and one input channel."""

from easy_unet import EasyUNet

model = EasyUNet(dim=4, channels=1, out_channels=1)
