import segmentation_models_pytorch_3d as smp

# UNet++ with a classification head on the deepest encoder features
model = smp.UnetPlusPlus(
    encoder_name="resnet34",
    encoder_weights=None,
    encoder_depth=4,
    decoder_channels=(64, 32, 16, 8),
    in_channels=1,
    classes=2,
    aux_params={"classes": 3, "dropout": 0.2},
)
