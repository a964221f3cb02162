"""VGG13 with batch norm; the last classifier layer replaced for a 3-class task and the features frozen."""

import torch.nn as nn
from vgg_pytorch import VGG

net = VGG.from_name("vgg13_bn")
net.classifier[-1] = nn.Linear(net.classifier[-1].in_features, 3)
for p in net.features.parameters():
    p.requires_grad = False
model = net
