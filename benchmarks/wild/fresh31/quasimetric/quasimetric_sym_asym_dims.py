"""Quasimetric attention with explicit symmetric / asymmetric / value dims, two layers in a ModuleList."""

import torch.nn as nn
from quasimetric_attention import QuasimetricAttention

model = nn.ModuleList(
    [
        QuasimetricAttention(dim=20, dim_head=10, heads=2, dim_sym=6, dim_asym=4, dim_values=12)
        for _ in range(2)
    ]
)
