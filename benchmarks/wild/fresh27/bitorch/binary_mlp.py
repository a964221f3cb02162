"""A binary MLP with bitorch's QLinear: sign-quantized inputs and weights in the hidden layers, full-precision ends."""

import torch.nn as nn
from bitorch.layers import QLinear

model = nn.Sequential(
    nn.Linear(32, 64),
    nn.BatchNorm1d(64),
    QLinear(64, 64, bias=False, input_quantization="sign", weight_quantization="sign"),
    nn.BatchNorm1d(64),
    QLinear(64, 48, bias=False, input_quantization="sign", weight_quantization="sign"),
    nn.Linear(48, 5),
)
