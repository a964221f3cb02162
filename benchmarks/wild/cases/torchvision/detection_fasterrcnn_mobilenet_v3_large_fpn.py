"""torchvision: detection_fasterrcnn_mobilenet_v3_large_fpn (wild-code corpus, benchmarks/wild)."""

from torchvision.models import detection

model = detection.fasterrcnn_mobilenet_v3_large_fpn(weights=None, weights_backbone=None, num_classes=3)
