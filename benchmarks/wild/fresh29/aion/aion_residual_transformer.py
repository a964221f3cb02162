"""A pre-norm transformer layer whose residual adds go through AionResidual (aion-torch)."""

import torch.nn as nn
from aion_torch import AionResidual


class Layer(nn.Module):
    def __init__(self, d=24, heads=4):
        super().__init__()
        self.norm1 = nn.LayerNorm(d)
        self.attn = nn.MultiheadAttention(d, heads, batch_first=True)
        self.res1 = AionResidual(alpha0=0.1, beta=0.05)
        self.norm2 = nn.LayerNorm(d)
        self.ff = nn.Sequential(nn.Linear(d, 4 * d), nn.ReLU(), nn.Linear(4 * d, d))
        self.res2 = AionResidual(alpha0=0.1, beta=0.05)


model = nn.Sequential(Layer(d=24, heads=4), Layer(d=24, heads=4))
