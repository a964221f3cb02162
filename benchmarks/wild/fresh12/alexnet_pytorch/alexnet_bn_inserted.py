"""AlexNet with a BatchNorm2d inserted after every conv by rebuilding its features Sequential."""

import torch.nn as nn
from alexnet_pytorch import AlexNet

net = AlexNet.from_name("alexnet", override_params={"num_classes": 2})
layers = []
for m in net.features:
    layers.append(m)
    if isinstance(m, nn.Conv2d):
        layers.append(nn.BatchNorm2d(m.out_channels))
net.features = nn.Sequential(*layers)
model = net
