"""Bayesian LeNet from blitz convolution / linear layers, some layers switched to frozen means."""

import torch.nn as nn
import torch.nn.functional as F
from blitz.modules import BayesianConv2d, BayesianLinear
from blitz.utils import variational_estimator


@variational_estimator
class BayesianCNN(nn.Module):
    def __init__(self, n_classes=10, c1=6, c2=16):
        super().__init__()
        self.conv1 = BayesianConv2d(1, c1, (5, 5))
        self.conv2 = BayesianConv2d(c1, c2, (5, 5))
        self.fc1 = BayesianLinear(c2 * 4 * 4, 120)
        self.fc2 = BayesianLinear(120, 84)
        self.fc3 = BayesianLinear(84, n_classes)

    def forward(self, x):
        x = F.max_pool2d(F.relu(self.conv1(x)), 2)
        x = F.max_pool2d(F.relu(self.conv2(x)), 2)
        x = x.flatten(1)
        return self.fc3(F.relu(self.fc2(F.relu(self.fc1(x)))))


model = BayesianCNN(n_classes=10, c1=6, c2=16)
model.freeze_()  # the decorator adds freeze_/unfreeze_: sample-free forward, same parameters
