"""A small conv stem whose pooled features go through an inKAN classifier head (grid 5, order 3)."""

import torch.nn as nn
from inkan import KANNetwork


class ConvKAN(nn.Module):
    def __init__(self, channels=(3, 8, 16), classes=4):
        super().__init__()
        convs = []
        for a, b in zip(channels, channels[1:]):
            convs += [nn.Conv2d(a, b, 3, padding=1), nn.BatchNorm2d(b), nn.ReLU()]
        self.stem = nn.Sequential(*convs, nn.AdaptiveAvgPool2d(1), nn.Flatten())
        self.head = KANNetwork(layer_dims=[channels[-1], 12, classes], grid_size=5)


model = ConvKAN()
