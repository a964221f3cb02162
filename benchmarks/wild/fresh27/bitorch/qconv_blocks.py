"""A hand-built binary CNN: a full-precision stem, then QConv2d blocks (no bias) with batch norm."""

import torch.nn as nn
from bitorch.layers import QConv2d


def block(cin, cout):
    return nn.Sequential(
        QConv2d(
            cin,
            cout,
            kernel_size=3,
            padding=1,
            input_quantization="sign",
            weight_quantization="sign",
        ),
        nn.BatchNorm2d(cout),
    )


model = nn.Sequential(
    nn.Conv2d(3, 16, kernel_size=3, padding=1),
    nn.BatchNorm2d(16),
    block(16, 16),
    block(16, 32),
    nn.AdaptiveAvgPool2d(1),
    nn.Flatten(),
    nn.Linear(32, 7),
)
