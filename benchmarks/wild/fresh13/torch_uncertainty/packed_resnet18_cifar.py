"""Packed-Ensembles ResNet-18 (CIFAR style) from torch-uncertainty, 4 estimators, alpha 2, gamma 2."""

from torch_uncertainty.models.classification.resnet import packed_resnet

model = packed_resnet(
    in_channels=3,
    num_classes=10,
    arch=18,
    num_estimators=4,
    alpha=2,
    gamma=2,
    style="cifar",
)
