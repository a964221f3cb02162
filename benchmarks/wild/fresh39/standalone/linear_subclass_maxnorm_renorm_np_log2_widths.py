# from a user's training repo: a Linear that renormalises its rows in forward; widths halve by log2 steps
import math

import numpy as np
import torch
import torch.nn as nn


class MaxNormLinear(nn.Linear):
    def __init__(self, in_features, out_features, max_norm=3.0, **kw):
        super().__init__(in_features, out_features, **kw)
        self.max_norm = max_norm

    def forward(self, x):
        w = torch.renorm(self.weight, p=2, dim=0, maxnorm=self.max_norm)
        return nn.functional.linear(x, w, self.bias)


in_dim, out_dim = 1024, 16
n_steps = int(np.log2(in_dim // out_dim))  # 6 halvings
widths = [in_dim // 2**i for i in range(n_steps + 1)]
layers = []
for a, b in zip(widths[:-1], widths[1:]):
    layers += [MaxNormLinear(a, b, max_norm=2.0 + math.log(b)), nn.ELU()]
model = nn.Sequential(*layers)
