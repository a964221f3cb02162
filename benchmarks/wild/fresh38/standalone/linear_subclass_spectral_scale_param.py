# user repo: a Linear subclass with a learned per-output scale; widths from np.geomspace
import numpy as np
import torch
import torch.nn as nn


class ScaledLinear(nn.Linear):
    def __init__(self, in_features, out_features, bias=True):
        super().__init__(in_features, out_features, bias=bias)
        self.scale = nn.Parameter(torch.ones(out_features))

    def forward(self, x):
        return super().forward(x) * self.scale


widths = np.geomspace(512, 32, num=5).astype(int)  # 512, 256, 128, 64, 32
layers = []
for a, b in zip(widths[:-1], widths[1:]):
    layers += [ScaledLinear(int(a), int(b), bias=bool(b > 64)), nn.SiLU()]
model = nn.Sequential(nn.Linear(100, int(widths[0])), *layers)
