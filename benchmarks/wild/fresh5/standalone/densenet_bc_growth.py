"""DenseNet-BC (bottleneck + compression) for CIFAR, torchvision-reference style: dense layers
added to a dense block by name, transitions halving the channels."""

from collections import OrderedDict

import torch.nn as nn


class _DenseLayer(nn.Sequential):
    def __init__(self, num_input_features, growth_rate, bn_size, drop_rate):
        super().__init__()
        self.add_module("norm1", nn.BatchNorm2d(num_input_features))
        self.add_module("relu1", nn.ReLU(inplace=True))
        self.add_module("conv1", nn.Conv2d(num_input_features, bn_size * growth_rate, 1, bias=False))
        self.add_module("norm2", nn.BatchNorm2d(bn_size * growth_rate))
        self.add_module("relu2", nn.ReLU(inplace=True))
        self.add_module("conv2", nn.Conv2d(bn_size * growth_rate, growth_rate, 3, padding=1, bias=False))
        self.drop_rate = drop_rate


class _DenseBlock(nn.ModuleDict):
    def __init__(self, num_layers, num_input_features, bn_size, growth_rate, drop_rate):
        super().__init__()
        for i in range(num_layers):
            layer = _DenseLayer(num_input_features + i * growth_rate, growth_rate, bn_size, drop_rate)
            self.add_module("denselayer%d" % (i + 1), layer)


class _Transition(nn.Sequential):
    def __init__(self, num_input_features, num_output_features):
        super().__init__()
        self.add_module("norm", nn.BatchNorm2d(num_input_features))
        self.add_module("relu", nn.ReLU(inplace=True))
        self.add_module("conv", nn.Conv2d(num_input_features, num_output_features, 1, bias=False))
        self.add_module("pool", nn.AvgPool2d(kernel_size=2, stride=2))


class DenseNetBC(nn.Module):
    def __init__(self, growth_rate=12, block_config=(16, 16, 16), compression=0.5, bn_size=4, drop_rate=0.0, num_classes=10):
        super().__init__()
        num_features = 2 * growth_rate
        self.features = nn.Sequential(OrderedDict([("conv0", nn.Conv2d(3, num_features, 3, padding=1, bias=False))]))
        for i, num_layers in enumerate(block_config):
            block = _DenseBlock(num_layers, num_features, bn_size, growth_rate, drop_rate)
            self.features.add_module("denseblock%d" % (i + 1), block)
            num_features = num_features + num_layers * growth_rate
            if i != len(block_config) - 1:
                out_features = int(num_features * compression)
                self.features.add_module("transition%d" % (i + 1), _Transition(num_features, out_features))
                num_features = out_features
        self.features.add_module("norm5", nn.BatchNorm2d(num_features))
        self.classifier = nn.Linear(num_features, num_classes)


# DenseNet-BC (L=40, k=12): (40 - 4) / 6 = 6 bottleneck layers per block
depth = 40
n = (depth - 4) // 6
model = DenseNetBC(growth_rate=12, block_config=(n, n, n), compression=0.5, num_classes=100)
