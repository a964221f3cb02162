# a MultiheadAttention subclass that picks its head count with math.gcd so that it divides embed_dim
import math

import torch.nn as nn


class AutoHeadMHA(nn.MultiheadAttention):
    def __init__(self, embed_dim, wanted_heads=12, **kw):
        heads = math.gcd(embed_dim, wanted_heads)
        super().__init__(embed_dim, heads, batch_first=True, **kw)


class Mixer(nn.Module):
    def __init__(self, dim=200, depth=3):
        super().__init__()
        self.attns = nn.ModuleList(
            [AutoHeadMHA(dim, wanted_heads=12, dropout=0.1) for _ in range(depth)]
        )
        self.norms = nn.ModuleList([nn.LayerNorm(dim) for _ in range(depth)])
        self.head = nn.Linear(dim, 10)


model = Mixer()
