"""segmentation_models_pytorch: unet_efficientnet_b0 (wild-code corpus, benchmarks/wild)."""

import segmentation_models_pytorch as smp

model = smp.Unet(encoder_name="efficientnet-b0", encoder_weights=None, classes=2)
