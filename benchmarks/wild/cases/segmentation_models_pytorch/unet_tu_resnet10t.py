"""segmentation_models_pytorch: unet_tu_resnet10t (wild-code corpus, benchmarks/wild)."""

import segmentation_models_pytorch as smp

model = smp.Unet(encoder_name="tu-resnet10t", encoder_weights=None, classes=2)
