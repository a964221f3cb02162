"""segmentation_models_pytorch: deeplabv3plus_resnet18 (wild-code corpus, benchmarks/wild)."""

import segmentation_models_pytorch as smp

model = smp.DeepLabV3Plus(encoder_name="resnet18", encoder_weights=None, classes=2)
