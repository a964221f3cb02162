# a repo's own Linear: input size from np.prod of an observation shape, an extra learned gain
import numpy as np
import torch
import torch.nn as nn


class GainLinear(nn.Linear):
    def __init__(self, in_shape, out_features, bias=True):
        super().__init__(int(np.prod(in_shape)), out_features, bias=bias)
        self.gain = nn.Parameter(torch.ones(out_features))

    def forward(self, x):
        return super().forward(x.flatten(1)) * self.gain


obs_shape = (4, 21, 21)
model = nn.Sequential(
    GainLinear(obs_shape, 256),
    nn.ReLU(),
    GainLinear((256,), 64, bias=False),
    nn.ReLU(),
    nn.Linear(64, 9),
)
