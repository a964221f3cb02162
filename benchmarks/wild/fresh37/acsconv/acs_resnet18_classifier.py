# ACS ResNet-18 for 3D CT volumes (2D ResNet weights layout, ACS convolutions)
from acsconv.models.resnet import ClsResNet

model = ClsResNet(pretrained=False, num_classes=4, backbone="resnet18")
