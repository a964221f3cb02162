"""torchvision: segmentation_fcn_resnet50 (wild-code corpus, benchmarks/wild)."""

from torchvision.models import segmentation

model = segmentation.fcn_resnet50(weights=None, weights_backbone=None, num_classes=4)
