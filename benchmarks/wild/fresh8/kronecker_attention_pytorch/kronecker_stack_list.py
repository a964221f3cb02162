"""A residual stack of Kronecker attention layers, widths from a list."""

import torch.nn as nn
from kronecker_attention_pytorch import KroneckerSelfAttention

WIDTHS = [48, 48, 96, 96]


class Stack(nn.Module):
    def __init__(self, widths):
        super().__init__()
        self.stem = nn.Conv2d(3, widths[0], 3, padding=1)
        self.layers = nn.ModuleList()
        for a, b in zip(widths, widths[1:] + widths[-1:]):
            self.layers.append(KroneckerSelfAttention(dim=a, heads=4, dim_heads=24))
            self.layers.append(nn.Conv2d(a, b, 1) if a != b else nn.Identity())


model = Stack(WIDTHS)
