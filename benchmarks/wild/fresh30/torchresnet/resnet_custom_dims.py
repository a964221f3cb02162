"""A torch-resnet ResNet from explicit (blocks, planes) stages for small images, width 1."""

from torch_resnet import ResNet

model = ResNet([(2, 16), (2, 32), (2, 64)], in_planes=3, small_images=True)
