# user repo: a Linear subclass whose init std is np.sqrt(2 / fan_in) and a second frozen weight copy
import numpy as np
import torch
import torch.nn as nn


class HeLinear(nn.Linear):
    def __init__(self, fan_in, fan_out):
        super().__init__(fan_in, fan_out)
        nn.init.normal_(self.weight, std=float(np.sqrt(2.0 / fan_in)))
        self.register_buffer("weight_init", self.weight.detach().clone())
        self.anchor = nn.Parameter(torch.zeros(fan_out), requires_grad=False)


obs_shape = (4, 84, 84)
flat = int(np.prod(obs_shape)) // 16
model = nn.Sequential(
    nn.AvgPool2d(4), nn.Flatten(), HeLinear(flat, 256), nn.ReLU(), HeLinear(256, 18)
)
