"""segmentation_models_pytorch: fpn_resnet18 (wild-code corpus, benchmarks/wild)."""

import segmentation_models_pytorch as smp

model = smp.FPN(encoder_name="resnet18", encoder_weights=None, classes=4)
