"""torchvision: segmentation_lraspp_mobilenet_v3_large (wild-code corpus, benchmarks/wild)."""

from torchvision.models import segmentation

model = segmentation.lraspp_mobilenet_v3_large(weights=None, weights_backbone=None, num_classes=4)
