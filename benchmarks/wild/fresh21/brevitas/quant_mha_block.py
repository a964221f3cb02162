"""Transformer encoder block with brevitas' quantized multi-head attention, stacked by a factory."""

import brevitas.nn as qnn
import torch.nn as nn


class QBlock(nn.Module):
    def __init__(self, dim, heads, mlp_ratio=2, bits=8):
        super().__init__()
        self.norm1 = nn.LayerNorm(dim)
        self.attn = qnn.QuantMultiheadAttention(dim, heads, bias=True, batch_first=True)
        self.norm2 = nn.LayerNorm(dim)
        hidden = int(dim * mlp_ratio)
        self.mlp = nn.Sequential(
            qnn.QuantLinear(dim, hidden, bias=True, weight_bit_width=bits),
            qnn.QuantReLU(bit_width=bits),
            qnn.QuantLinear(hidden, dim, bias=True, weight_bit_width=bits),
        )

    def forward(self, x):
        h = self.norm1(x)
        x = x + self.attn(h, h, h)[0]
        return x + self.mlp(self.norm2(x))


def make_encoder(depth=3, **kw):
    return nn.Sequential(*[QBlock(**kw) for _ in range(depth)])


model = make_encoder(depth=2, dim=32, heads=4, mlp_ratio=1.5, bits=6)
