# a bottleneck ResNet from labml_nn.resnet.ResNetBase with a user classification head on top
import torch.nn as nn
from labml_nn.resnet import ResNetBase


class Classifier(nn.Module):
    def __init__(self, n_classes=100):
        super().__init__()
        channels = [64, 128, 256]
        self.base = ResNetBase(
            n_blocks=[2, 2, 2],
            n_channels=channels,
            bottlenecks=[c // 4 for c in channels],
            img_channels=3,
            first_kernel_size=3,
        )
        self.fc = nn.Linear(channels[-1], n_classes)

    def forward(self, x):
        return self.fc(self.base(x))


model = Classifier(n_classes=100)
