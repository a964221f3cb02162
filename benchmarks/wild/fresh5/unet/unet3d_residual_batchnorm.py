from unet import UNet3D

model = UNet3D(
    in_channels=1,
    out_classes=4,
    num_encoding_blocks=3,
    out_channels_first_layer=8,
    normalization="batch",
    residual=True,
    padding=1,
    upsampling_type="linear",
)
