"""segmentation_models_pytorch: unet_resnet34_1 (wild-code corpus, benchmarks/wild)."""

import segmentation_models_pytorch as smp

model = smp.Unet(encoder_name="resnet34", encoder_weights=None, classes=3, in_channels=1)
