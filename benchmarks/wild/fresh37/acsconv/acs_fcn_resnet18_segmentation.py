# ACS FCN-ResNet-18 segmentation of volumes (two skip fusions with 1x1x1 ACS convs)
from acsconv.models.resnet import FCNResNet

model = FCNResNet(pretrained=False, num_classes=3, backbone="resnet18")
