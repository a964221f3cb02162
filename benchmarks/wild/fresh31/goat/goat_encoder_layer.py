"""A hand-written encoder layer around GoatAttention (bias_kv added, no key bias)."""

import torch.nn as nn
from goat import GoatAttention


class GoatEncoderLayer(nn.Module):
    def __init__(self, d, heads, ff):
        super().__init__()
        self.attn = GoatAttention(
            d, heads, add_bias_kv=True, enable_key_bias=False, batch_first=True, pos_rank=4
        )
        self.norm1 = nn.LayerNorm(d)
        self.ff = nn.Sequential(nn.Linear(d, ff), nn.GELU(), nn.Linear(ff, d))
        self.norm2 = nn.LayerNorm(d)


model = nn.Sequential(GoatEncoderLayer(48, 3, 96), GoatEncoderLayer(48, 3, 96))
