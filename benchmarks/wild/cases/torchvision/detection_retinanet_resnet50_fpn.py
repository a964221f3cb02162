"""torchvision: detection_retinanet_resnet50_fpn (wild-code corpus, benchmarks/wild)."""

from torchvision.models import detection

model = detection.retinanet_resnet50_fpn(weights=None, weights_backbone=None, num_classes=3)
