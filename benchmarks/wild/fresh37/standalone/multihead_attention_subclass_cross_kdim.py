# cross-attention as an nn.MultiheadAttention subclass: keys / values from a different width
import torch.nn as nn


class CrossAttention(nn.MultiheadAttention):
    def __init__(self, dim, context_dim, heads=4):
        super().__init__(dim, heads, kdim=context_dim, vdim=context_dim, batch_first=True)
        self.norm_q = nn.LayerNorm(dim)
        self.norm_kv = nn.LayerNorm(context_dim)

    def forward(self, x, ctx):
        return super().forward(
            self.norm_q(x), self.norm_kv(ctx), self.norm_kv(ctx), need_weights=False
        )[0]


model = nn.ModuleList([CrossAttention(128, 77, heads=8), CrossAttention(128, 256, heads=4)])
