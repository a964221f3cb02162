import torch.nn as nn
from taylor_series_linear_attention import TaylorSeriesLinearAttn


class LinearAttnEncoder(nn.Module):
    """Non-causal Taylor linear attention with a GLU feedforward, pre-norm."""

    def __init__(self, dim=256, depth=4, heads=8, dim_head=16):
        super().__init__()
        self.layers = nn.ModuleList()
        for _ in range(depth):
            self.layers.append(
                nn.ModuleList(
                    [
                        TaylorSeriesLinearAttn(
                            dim=dim, dim_head=dim_head, heads=heads, rotary_emb=True, prenorm=True
                        ),
                        nn.Sequential(
                            nn.LayerNorm(dim),
                            nn.Linear(dim, dim * 4),
                            nn.GLU(),
                            nn.Linear(dim * 2, dim),
                        ),
                    ]
                )
            )

    def forward(self, x, mask=None):
        for attn, ff in self.layers:
            x = attn(x, mask=mask) + x
            x = ff(x) + x
        return x


model = LinearAttnEncoder(dim=256, depth=4)
