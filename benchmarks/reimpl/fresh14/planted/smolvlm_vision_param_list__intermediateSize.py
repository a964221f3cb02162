"""SmolVLM's vision tower written functionally over one flat ``nn.ParameterList`` (16 tensors per
layer, addressed by offset); sizes as the hex/binary/octal literals of our firmware-style
header."""

import torch
import torch.nn.functional as F
from torch import nn

IMG = 0x30
PATCH = 0o20
DIM = 0b1000000
HEADS = 0x4
FFN = 0x80
LAYERS = 0b11
PER_LAYER = 16


def layer_shapes():
    return [
        (DIM,),
        (DIM,),  # layer_norm1
        (DIM, DIM),
        (DIM,),
        (DIM, DIM),
        (DIM,),
        (DIM, DIM),
        (DIM,),  # q, k, v
        (DIM, DIM),
        (DIM,),  # out
        (DIM,),
        (DIM,),  # layer_norm2
        (FFN, DIM),
        (FFN,),
        (DIM, FFN),
        (DIM,),  # fc1, fc2
    ]


class SmolVLMVisionFlat(nn.Module):
    def __init__(self):
        super().__init__()
        n = (IMG // PATCH) ** 2
        shapes = [(DIM, 3, PATCH, PATCH), (DIM,), (n, DIM)]
        for _ in range(LAYERS):
            shapes += layer_shapes()
        shapes += [(DIM,), (DIM,)]
        self.flat = nn.ParameterList(nn.Parameter(torch.randn(s) * 0.02) for s in shapes)

    def forward(self, pixels):
        w = self.flat
        x = F.conv2d(pixels, w[0], w[1], stride=PATCH).flatten(2).transpose(1, 2) + w[2]
        b, t, _ = x.shape
        for i in range(LAYERS):
            o = 3 + i * PER_LAYER
            h = F.layer_norm(x, (DIM,), w[o] + 1, w[o + 1])
            q, k, v = (
                F.linear(h, w[o + j], w[o + j + 1]).view(b, t, HEADS, -1).transpose(1, 2)
                for j in (2, 4, 6)
            )
            a = F.scaled_dot_product_attention(q, k, v).transpose(1, 2).reshape(b, t, DIM)
            x = x + F.linear(a, w[o + 8], w[o + 9])
            h = F.layer_norm(x, (DIM,), w[o + 10] + 1, w[o + 11])
            x = x + F.linear(
                F.gelu(F.linear(h, w[o + 12], w[o + 13]), approximate="tanh"), w[o + 14], w[o + 15]
            )
        return F.layer_norm(x, (DIM,), w[-2] + 1, w[-1])
