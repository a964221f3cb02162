"""torchvision: resnet_class (wild-code corpus, benchmarks/wild)."""

from torchvision.models.resnet import BasicBlock, ResNet

model = ResNet(BasicBlock, [1, 1, 1, 1], num_classes=10)
