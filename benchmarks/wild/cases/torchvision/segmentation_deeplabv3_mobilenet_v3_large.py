"""torchvision: segmentation_deeplabv3_mobilenet_v3_large (wild-code corpus, benchmarks/wild)."""

from torchvision.models import segmentation

model = segmentation.deeplabv3_mobilenet_v3_large(weights=None, weights_backbone=None, num_classes=4)
