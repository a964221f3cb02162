"""A 1-D U-Net for ECG segmentation, with dilated first convs and Monte Carlo dropout."""

from unet import UNet1D

HP = {"in_channels": 12, "out_classes": 5, "num_encoding_blocks": 4, "out_channels_first_layer": 12}

model = UNet1D(**HP, padding=2, initial_dilation=2, activation="PReLU", monte_carlo_dropout=0.1)
