"""segmentation_models_pytorch: UPerNet over resnet18 (fresh batch, benchmarks/wild/fresh)."""

import segmentation_models_pytorch as smp

ENCODER = "resnet18"
CLASSES = ["background", "road", "building"]
model = smp.UPerNet(encoder_name=ENCODER, encoder_weights=None, classes=len(CLASSES), decoder_channels=64)
