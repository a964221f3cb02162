# bias-free LayerNorm subclass (elementwise_affine with bias=False) over widths 2**k from numpy
import numpy as np
import torch.nn as nn


class BiasFreeLayerNorm(nn.LayerNorm):
    def __init__(self, dim):
        super().__init__(dim, eps=1e-6, bias=False)


dims = np.power(2, np.arange(6, 10))  # 64, 128, 256, 512
blocks = []
prev = 32
for d in dims:
    d = int(d)
    blocks += [nn.Linear(prev, d), BiasFreeLayerNorm(d), nn.SiLU()]
    prev = d
model = nn.Sequential(*blocks)
