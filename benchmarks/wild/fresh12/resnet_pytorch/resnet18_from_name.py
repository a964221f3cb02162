"""ResNet-18 by name, 10 classes."""

from resnet_pytorch import ResNet

model = ResNet.from_name("resnet18", override_params={"num_classes": 10})
