"""segmentation_models_pytorch: unet_mobilenet_v2 (wild-code corpus, benchmarks/wild)."""

import segmentation_models_pytorch as smp

model = smp.Unet(encoder_name="mobilenet_v2", encoder_weights=None, classes=2)
