import segmentation_models_pytorch_3d as smp

model = smp.Unet(
    encoder_name="resnet18",
    encoder_weights=None,
    in_channels=1,
    classes=4,
    decoder_channels=(128, 64, 32, 16, 8),
)
