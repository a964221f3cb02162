from torch import nn
from long_short_transformer import LongShortAttention


class EncoderLayer(nn.Module):
    def __init__(self, dim, heads, window):
        super().__init__()
        self.ln1 = nn.LayerNorm(dim)
        self.attn = LongShortAttention(dim=dim, heads=heads, dim_head=dim // heads, causal=False,
                                       window_size=window, r=4)
        self.ln2 = nn.LayerNorm(dim)
        self.mlp = nn.Sequential(nn.Linear(dim, 3 * dim), nn.GELU(), nn.Linear(3 * dim, dim))

    def forward(self, x):
        x = x + self.attn(self.ln1(x))
        return x + self.mlp(self.ln2(x))


model = nn.Sequential(*(EncoderLayer(160, 5, 64) for _ in range(3)))
