"""The complexPyTorch README network: complex conv / batch-norm / linear layers on an FFT'd image."""

import torch.nn as nn
from complexPyTorch.complexFunctions import complex_max_pool2d, complex_relu
from complexPyTorch.complexLayers import ComplexBatchNorm2d, ComplexConv2d, ComplexLinear


class ComplexNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1 = ComplexConv2d(1, 10, 5, 1)
        self.bn = ComplexBatchNorm2d(10)
        self.conv2 = ComplexConv2d(10, 20, 5, 1)
        self.fc1 = ComplexLinear(4 * 4 * 20, 500)
        self.fc2 = ComplexLinear(500, 10)

    def forward(self, x):
        x = self.conv1(x)
        x = complex_relu(x)
        x = complex_max_pool2d(x, 2, 2)
        x = self.bn(x)
        x = self.conv2(x)
        x = complex_relu(x)
        x = complex_max_pool2d(x, 2, 2)
        x = x.view(-1, 4 * 4 * 20)
        x = self.fc1(x)
        x = complex_relu(x)
        x = self.fc2(x)
        return x.abs()


model = ComplexNet()
