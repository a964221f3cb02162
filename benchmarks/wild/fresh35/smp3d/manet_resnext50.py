import segmentation_models_pytorch_3d as smp

model = smp.MAnet(
    encoder_name="resnext50_32x4d",
    encoder_weights=None,
    in_channels=1,
    classes=1,
    decoder_channels=(128, 64, 32, 16, 8),
    decoder_pab_channels=32,
)
