"""PKM replacing the feedforward of one middle layer, the paper's placement."""

import torch.nn as nn
from product_key_memory import PKM


class Layer(nn.Module):
    def __init__(self, dim, heads, use_pkm=False):
        super().__init__()
        self.norm1 = nn.LayerNorm(dim)
        self.attn = nn.MultiheadAttention(dim, heads, batch_first=True)
        self.norm2 = nn.LayerNorm(dim)
        if use_pkm:
            self.ff = PKM(dim, heads=4, num_keys=64, topk=16, dim_head=64)
        else:
            self.ff = nn.Sequential(nn.Linear(dim, 4 * dim), nn.GELU(), nn.Linear(4 * dim, dim))

    def forward(self, x):
        h = self.norm1(x)
        x = x + self.attn(h, h, h)[0]
        return x + self.ff(self.norm2(x))


depth, pkm_layer = 4, 2
model = nn.Sequential(*[Layer(256, 8, use_pkm=(i == pkm_layer)) for i in range(depth)])
