import segmentation_models_pytorch_3d as smp

model = smp.PSPNet(
    encoder_name="vgg11_bn",
    encoder_weights=None,
    encoder_depth=3,
    psp_out_channels=128,
    in_channels=1,
    classes=2,
)
