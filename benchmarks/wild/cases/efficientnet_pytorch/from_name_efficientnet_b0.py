"""efficientnet_pytorch: from_name_efficientnet_b0 (wild-code corpus, benchmarks/wild)."""

from efficientnet_pytorch import EfficientNet

model = EfficientNet.from_name("efficientnet-b0", num_classes=10)
