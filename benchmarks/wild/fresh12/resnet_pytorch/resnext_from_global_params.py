"""A ResNeXt-style net from the library's own `resnet()` helper (grouped bottlenecks, 32 x 4d), 5 classes."""

from resnet_pytorch.model import ResNet
from resnet_pytorch.utils import Bottleneck, resnet

layers, gp = resnet("resnet54", Bottleneck, num_classes=5, groups=32, width_per_group=4)
model = ResNet(layers=layers, global_params=gp)
