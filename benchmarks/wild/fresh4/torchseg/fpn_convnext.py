import torchseg

model = torchseg.FPN(
    encoder_name="convnext_tiny",
    encoder_weights=None,
    encoder_depth=4,
    encoder_indices=(0, 1, 2, 3),
    decoder_pyramid_channels=128,
    decoder_segmentation_channels=64,
    classes=6,
    upsampling=4,
)
