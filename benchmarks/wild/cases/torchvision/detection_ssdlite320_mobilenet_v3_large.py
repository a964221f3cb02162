"""torchvision: detection_ssdlite320_mobilenet_v3_large (wild-code corpus, benchmarks/wild)."""

from torchvision.models import detection

model = detection.ssdlite320_mobilenet_v3_large(weights=None, weights_backbone=None, num_classes=3)
