import torchseg

model = torchseg.Unet("resnet34", encoder_weights=None, classes=3, in_channels=1)
