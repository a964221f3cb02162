"""AlexNet's features reused under a new head (the original classifier discarded)."""

import torch.nn as nn
from alexnet_pytorch import AlexNet


class Head(nn.Module):
    def __init__(self, classes):
        super().__init__()
        base = AlexNet.from_name("alexnet")
        self.features = base.features
        self.pool = nn.AdaptiveAvgPool2d((1, 1))
        self.fc = nn.Linear(256, classes)


model = Head(classes=6)
