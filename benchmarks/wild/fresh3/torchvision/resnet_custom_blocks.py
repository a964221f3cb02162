from torchvision.models.resnet import BasicBlock, ResNet

model = ResNet(BasicBlock, [1, 1, 1, 1], num_classes=10, width_per_group=64)
