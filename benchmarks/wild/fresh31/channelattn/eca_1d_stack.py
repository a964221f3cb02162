"""Conv1d layers each followed by efficient channel attention (kernel 5, with bias)."""

import torch.nn as nn
from channel_attention import EfficientChannelAttention

layers = []
for cin, cout in [(4, 8), (8, 16)]:
    layers += [
        nn.Conv1d(cin, cout, 3),
        EfficientChannelAttention(n_dims=1, kernel_size=5, bias=True),
    ]
model = nn.Sequential(*layers)
