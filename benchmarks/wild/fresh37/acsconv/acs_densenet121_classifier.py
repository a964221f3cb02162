# ACS DenseNet-121 classifier for 3D nodules
from acsconv.models.densenet import ClsDenseNet

model = ClsDenseNet(pretrained=False, num_classes=2, backbone="densenet121")
