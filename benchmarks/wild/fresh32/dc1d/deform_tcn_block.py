import torch.nn as nn
from dc1d.nn import DeformConv1d, PackedDeformConv1d, cLN


class DeformTCNBlock(nn.Module):
    def __init__(self, channels, hidden, kernel, dilation):
        super().__init__()
        self.inp = nn.Conv1d(channels, hidden, 1)
        self.norm1 = cLN(hidden)
        self.dconv = PackedDeformConv1d(
            hidden,
            hidden,
            kernel,
            padding="same",
            dilation=dilation,
            groups=hidden,
            offset_groups=hidden,
        )
        self.norm2 = cLN(hidden)
        self.out = nn.Conv1d(hidden, channels, 1)


model = nn.Sequential(
    *[DeformTCNBlock(channels=8, hidden=16, kernel=3, dilation=2**i) for i in range(3)],
    DeformConv1d(8, 2, kernel_size=1),
)
