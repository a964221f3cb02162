"""A user-built spherical encoder: DISCO convolutions downsampling a sphere, then a spectral conv."""

import torch.nn as nn
from torch_harmonics import DiscreteContinuousConvS2, SpectralConvS2


class SphereEncoder(nn.Module):
    def __init__(self, nlat=32, nlon=64, ch=(3, 16, 32)):
        super().__init__()
        shapes = [(nlat // 2**i, nlon // 2**i) for i in range(len(ch))]
        self.convs = nn.ModuleList(
            DiscreteContinuousConvS2(
                ch[i],
                ch[i + 1],
                in_shape=shapes[i],
                out_shape=shapes[i + 1],
                kernel_shape=(3, 3),
                basis_type="morlet",
                bias=True,
            )
            for i in range(len(ch) - 1)
        )
        lat, lon = shapes[-1]
        self.spectral = SpectralConvS2(
            (lat, lon), (lat, lon), ch[-1], ch[-1], num_groups=4, bias=True
        )


model = SphereEncoder()
