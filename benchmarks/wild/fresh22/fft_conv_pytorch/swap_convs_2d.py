"""A plain CNN whose large-kernel Conv2d layers are swapped for FFTConv2d after construction (shapes,
groups and bias read from the old layer)."""

from fft_conv_pytorch import FFTConv2d
from torch import nn

net = nn.Sequential(
    nn.Conv2d(3, 12, 9, padding=4),
    nn.ReLU(),
    nn.Conv2d(12, 12, 11, padding=5, groups=3, bias=False),
    nn.ReLU(),
    nn.Conv2d(12, 6, 3, padding=1),
)
for i, m in enumerate(net):
    if isinstance(m, nn.Conv2d) and m.kernel_size[0] >= 7:
        net[i] = FFTConv2d(
            m.in_channels,
            m.out_channels,
            m.kernel_size,
            padding=m.padding,
            groups=m.groups,
            bias=m.bias is not None,
        )
model = net
