"""N-HiTS: stacks of MLP blocks behind max-pooling of different kernel sizes, each block
emitting backcast plus downsampled forecast coefficients (n_freq_downsample per stack)."""

import torch.nn as nn


class NHiTSBlock(nn.Module):
    def __init__(self, input_size, h, pool_kernel, freq_downsample, mlp_units, n_layers=2):
        super().__init__()
        n_theta = input_size + max(h // freq_downsample, 1)
        self.pool = nn.MaxPool1d(pool_kernel, pool_kernel, ceil_mode=True)
        d_in = -(-input_size // pool_kernel)
        layers = []
        for _ in range(n_layers):
            layers += [nn.Linear(d_in, mlp_units), nn.ReLU()]
            d_in = mlp_units
        layers.append(nn.Linear(mlp_units, n_theta))
        self.mlp = nn.Sequential(*layers)


class NHiTS(nn.Module):
    def __init__(
        self,
        h=24,
        input_size=96,
        n_pool_kernel_size=(8, 4, 1),
        n_freq_downsample=(12, 4, 1),
        n_blocks=(1, 1, 1),
        mlp_units=256,
    ):
        super().__init__()
        self.blocks = nn.ModuleList(
            NHiTSBlock(input_size, h, k, f, mlp_units)
            for k, f, nb in zip(n_pool_kernel_size, n_freq_downsample, n_blocks)
            for _ in range(nb)
        )


model = NHiTS(h=48, input_size=192, n_blocks=(2, 2, 1), mlp_units=128)
