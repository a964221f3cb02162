"""N-HiTS: stacks with max-pool kernel sizes and downsampling frequencies; theta sizes from the horizon."""

import numpy as np
from torch import nn


class NHITSBlock(nn.Module):
    def __init__(self, input_size, h, n_theta, mlp_units, pool_size, dropout=0.0):
        super().__init__()
        pooled = int(np.ceil(input_size / pool_size))
        self.pool = nn.MaxPool1d(kernel_size=pool_size, stride=pool_size, ceil_mode=True)
        hidden = [nn.Linear(pooled, mlp_units[0][0])]
        for a, b in mlp_units:
            hidden += [nn.Linear(a, b), nn.ReLU()]
            if dropout > 0:
                hidden.append(nn.Dropout(dropout))
        self.layers = nn.Sequential(*hidden)
        self.theta = nn.Linear(mlp_units[-1][1], input_size + n_theta)


class NHITS(nn.Module):
    def __init__(
        self,
        h=24,
        input_size=96,
        n_blocks=(1, 1, 1),
        mlp_units=3 * [[64, 64]],
        n_pool_kernel_size=(4, 2, 1),
        n_freq_downsample=(6, 3, 1),
    ):
        super().__init__()
        blocks = []
        for i, nb in enumerate(n_blocks):
            for _ in range(nb):
                n_theta = max(h // n_freq_downsample[i], 1)
                blocks.append(NHITSBlock(input_size, h, n_theta, mlp_units, n_pool_kernel_size[i]))
        self.blocks = nn.ModuleList(blocks)


model = NHITS(
    h=20,
    input_size=60,
    n_blocks=(2, 1, 1),
    mlp_units=[[32, 32], [32, 16]],
    n_pool_kernel_size=(8, 4, 1),
    n_freq_downsample=(7, 3, 1),
)
