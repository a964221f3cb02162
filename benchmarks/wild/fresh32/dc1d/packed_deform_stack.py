import torch.nn as nn
from dc1d.nn import PackedDeformConv1d, gLN

model = nn.Sequential(
    PackedDeformConv1d(6, 12, kernel_size=3, padding="same", offset_groups=3),
    gLN(12),
    PackedDeformConv1d(12, 12, kernel_size=5, padding="same", groups=4, modulated=True, bias=False),
)
