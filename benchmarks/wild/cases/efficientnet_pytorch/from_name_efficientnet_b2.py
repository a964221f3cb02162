"""efficientnet_pytorch: from_name_efficientnet_b2 (wild-code corpus, benchmarks/wild)."""

from efficientnet_pytorch import EfficientNet

model = EfficientNet.from_name("efficientnet-b2", num_classes=5, dropout_rate=0.1)
