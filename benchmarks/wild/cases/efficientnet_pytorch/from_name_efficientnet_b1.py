"""efficientnet_pytorch: from_name_efficientnet_b1 (wild-code corpus, benchmarks/wild)."""

from efficientnet_pytorch import EfficientNet

model = EfficientNet.from_name("efficientnet-b1", num_classes=10, image_size=128)
