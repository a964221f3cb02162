"""AlexNet by name for 50 classes."""

from alexnet_pytorch import AlexNet

model = AlexNet.from_name("alexnet", override_params={"num_classes": 50})
