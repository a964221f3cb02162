"""timm: resnet_basicblock (wild-code corpus, benchmarks/wild)."""

from timm.models.resnet import BasicBlock, ResNet

model = ResNet(block=BasicBlock, layers=[1, 1, 1, 1], num_classes=10, in_chans=3)
