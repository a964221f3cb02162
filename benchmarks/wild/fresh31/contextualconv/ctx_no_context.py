"""Two ContextualConv2d without context (plain convs), grouped, then a scale-only contextual one."""

import torch.nn as nn
from contextual_conv import ContextualConv2d

model = nn.Sequential(
    ContextualConv2d(4, 8, 3, groups=2, padding=1),
    nn.ReLU(),
    ContextualConv2d(8, 8, 1, context_dim=5, use_scale=True, use_bias=False, scale_mode="scale"),
)
