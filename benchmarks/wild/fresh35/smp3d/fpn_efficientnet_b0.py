import segmentation_models_pytorch_3d as smp

model = smp.FPN(
    encoder_name="efficientnet-b0",
    encoder_weights=None,
    in_channels=2,
    classes=3,
    decoder_pyramid_channels=64,
    decoder_segmentation_channels=32,
)
