# a user encoder built from RingAttention layers with rotary embeddings
from ring_attention_pytorch import RingAttention
from torch import nn


class Encoder(nn.Module):
    def __init__(self, dim=128, depth=3):
        super().__init__()
        self.attn = nn.ModuleList(
            [
                RingAttention(
                    dim=dim, dim_head=32, heads=4, rotary_embed=True, use_cuda_kernel=False
                )
                for _ in range(depth)
            ]
        )
        self.ff = nn.ModuleList(
            [
                nn.Sequential(
                    nn.LayerNorm(dim), nn.Linear(dim, dim * 4), nn.GELU(), nn.Linear(dim * 4, dim)
                )
                for _ in range(depth)
            ]
        )

    def forward(self, x):
        for a, f in zip(self.attn, self.ff):
            x = x + a(x)
            x = x + f(x)
        return x


model = Encoder(dim=128, depth=3)
