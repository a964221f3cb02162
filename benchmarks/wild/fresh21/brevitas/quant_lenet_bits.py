"""A 4-bit LeNet-style classifier the way the brevitas examples write it: bit widths as kwargs."""

import brevitas.nn as qnn
import torch.nn as nn
from brevitas.quant import Int8ActPerTensorFloat


class QuantLeNet(nn.Module):
    def __init__(self, weight_bit_width=4, act_bit_width=4, num_classes=10):
        super().__init__()
        self.quant_inp = qnn.QuantIdentity(bit_width=8, return_quant_tensor=True)
        self.conv1 = qnn.QuantConv2d(1, 6, 5, bias=True, weight_bit_width=weight_bit_width)
        self.relu1 = qnn.QuantReLU(bit_width=act_bit_width, return_quant_tensor=True)
        self.conv2 = qnn.QuantConv2d(6, 16, 5, bias=True, weight_bit_width=weight_bit_width)
        self.relu2 = qnn.QuantReLU(bit_width=act_bit_width, return_quant_tensor=True)
        self.fc1 = qnn.QuantLinear(16 * 4 * 4, 120, bias=True, weight_bit_width=weight_bit_width)
        self.relu3 = qnn.QuantReLU(act_quant=Int8ActPerTensorFloat, return_quant_tensor=True)
        self.fc2 = qnn.QuantLinear(120, num_classes, bias=False, weight_bit_width=weight_bit_width)

    def forward(self, x):
        x = self.relu1(self.conv1(self.quant_inp(x)))
        x = nn.functional.max_pool2d(x, 2)
        x = self.relu2(self.conv2(x))
        x = nn.functional.max_pool2d(x, 2).flatten(1)
        return self.fc2(self.relu3(self.fc1(x)))


model = QuantLeNet(weight_bit_width=3, act_bit_width=5, num_classes=7)
