"""Attention projections in NF4 (q, k, v, o of width 96) next to a full-precision LayerNorm."""

import torch.nn as nn
from torch_ks_nf4 import NF4Linear


class NF4Attention(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.q, self.k, self.v, self.o = (NF4Linear(dim, dim, bias=False) for _ in range(4))


model = NF4Attention(dim=96)
