"""efficientnet_pytorch: from_name_efficientnet_b3 (wild-code corpus, benchmarks/wild)."""

from efficientnet_pytorch import EfficientNet

model = EfficientNet.from_name("efficientnet-b3", num_classes=10)
