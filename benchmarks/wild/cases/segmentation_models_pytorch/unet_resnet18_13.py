"""segmentation_models_pytorch: unet_resnet18_13 (wild-code corpus, benchmarks/wild)."""

import segmentation_models_pytorch as smp

model = smp.Unet(encoder_name="resnet18", encoder_weights=None, classes=2, encoder_depth=3, decoder_channels=(64, 32, 16))
