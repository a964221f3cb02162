"""The generic CIFAR ResNet builder of torchdistill called with a user depth (6n+2)."""

from torchdistill.models.classification.resnet import resnet

model = resnet(depth=14, num_classes=10, pretrained=False, progress=False)
