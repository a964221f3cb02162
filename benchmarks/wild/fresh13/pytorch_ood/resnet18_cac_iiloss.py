"""A ResNet-18 from pytorch-ood (no weights) with its fc replaced and CAC / II losses attached."""

import torch.nn as nn
from pytorch_ood.loss import CACLoss, IILoss
from pytorch_ood.model import ResNet18

net = ResNet18(num_classes=100)
net.fc = nn.Linear(net.fc.in_features, 12)
losses = nn.ModuleList([CACLoss(n_classes=12, magnitude=5.0), IILoss(n_classes=12, n_embedding=12)])
model = nn.Sequential()
model.add_module("net", net)
model.add_module("losses", losses)
