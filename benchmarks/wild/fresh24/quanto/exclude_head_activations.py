"""A small CNN quantized with int8 weights and int8 activations, the classifier head excluded by name."""

import torch.nn as nn
from optimum.quanto import qint8, quantize

model = nn.Sequential()
model.add_module("stem", nn.Conv2d(3, 16, 3, padding=1))
model.add_module("act", nn.ReLU())
model.add_module("conv", nn.Conv2d(16, 32, 3, stride=2, padding=1))
model.add_module("norm", nn.LayerNorm([32, 16, 16]))
model.add_module("pool", nn.AdaptiveAvgPool2d(1))
model.add_module("flat", nn.Flatten())
model.add_module("head", nn.Linear(32, 10))
quantize(model, qint8, qint8, exclude="head")  # weights, activations
