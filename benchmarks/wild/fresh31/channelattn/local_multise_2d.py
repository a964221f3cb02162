"""2-D local attention (hidden 8) and a 4-branch multi-SE attention on 12 channels."""

import torch.nn as nn
from channel_attention import LocalAttention, MultiSEAttention

model = nn.ModuleList(
    [
        LocalAttention(n_dims=2, n_channels=12, hidden_channels=8),
        MultiSEAttention(n_dims=2, n_channels=12, reduction=3, n_branches=4),
    ]
)
