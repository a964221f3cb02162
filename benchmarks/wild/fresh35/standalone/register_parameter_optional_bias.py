import math

import torch
import torch.nn as nn


class MaskedLinear(nn.Module):
    def __init__(self, cin, cout, bias=True):
        super().__init__()
        self.weight = nn.Parameter(torch.empty(cout, cin))
        if bias:
            self.bias = nn.Parameter(torch.empty(cout))
        else:
            self.register_parameter("bias", None)
        self.register_buffer("mask", torch.ones(cout, cin))
        nn.init.kaiming_uniform_(self.weight, a=math.sqrt(5))


model = nn.Sequential(
    MaskedLinear(30, 60),
    nn.ReLU(),
    MaskedLinear(60, 60, bias=False),
    nn.ReLU(),
    MaskedLinear(60, 2),
)
