"""segmentation_models_pytorch: pan_resnet18 (wild-code corpus, benchmarks/wild)."""

import segmentation_models_pytorch as smp

model = smp.PAN(encoder_name="resnet18", encoder_weights=None, classes=2)
