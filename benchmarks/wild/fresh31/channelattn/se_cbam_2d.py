"""A conv stem followed by SE and CBAM attention (2-D, 16 channels)."""

import torch.nn as nn
from channel_attention import ConvBlockAttention, SEAttention

model = nn.Sequential(
    nn.Conv2d(3, 16, 3, padding=1),
    SEAttention(n_dims=2, n_channels=16, reduction=4),
    ConvBlockAttention(n_dims=2, n_channels=16, reduction=2, kernel_size=5),
)
