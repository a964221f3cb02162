"""Nystromformer (tiny): each size is the metadata of a ``typing.Annotated`` field of a sizes
class (``depth: Annotated[int, 2]``), read with ``get_type_hints(..., include_extras=True)``. Attention adds a depthwise
convolution over the values (one kernel per head); with no more tokens than landmarks the
Nystrom approximation is exact softmax attention, which is what is computed here."""

import math
from typing import Annotated, get_type_hints

import torch
import torch.nn.functional as F
from torch import nn


class NystromSizes:
    vocab: Annotated[int, 512]
    dim: Annotated[int, 64]
    depth: Annotated[int, 2]
    heads: Annotated[int, 8]
    ff: Annotated[int, 192]
    max_len: Annotated[int, 128]
    type_vocab: Annotated[int, 2]
    conv_kernel: Annotated[int, 33]
    eps: Annotated[float, 1e-5]


def sizes_of(cls):
    return {k: h.__metadata__[0] for k, h in get_type_hints(cls, include_extras=True).items()}


class NystromAttention(nn.Module):
    def __init__(self, dim, heads, conv_kernel):
        super().__init__()
        self.heads = heads
        self.to_q = nn.Linear(dim, dim)
        self.to_k = nn.Linear(dim, dim)
        self.to_v = nn.Linear(dim, dim)
        self.res_conv = nn.Conv2d(
            heads, heads, (conv_kernel, 1), padding=(conv_kernel // 2, 0), groups=heads, bias=False
        )
        self.to_out = nn.Linear(dim, dim)

    def forward(self, x):
        b, n, d = x.shape
        hd = d // self.heads
        q, k, v = (
            p(x).view(b, n, self.heads, hd).transpose(1, 2)
            for p in (self.to_q, self.to_k, self.to_v)
        )
        att = (q @ k.transpose(-1, -2) / math.sqrt(hd)).softmax(-1) @ v
        att = att + self.res_conv(v)
        return self.to_out(att.transpose(1, 2).reshape(b, n, d))


class EncoderLayer(nn.Module):
    def __init__(self, dim, heads, ff, conv_kernel, eps):
        super().__init__()
        self.attn = NystromAttention(dim, heads, conv_kernel)
        self.ln1 = nn.LayerNorm(dim, eps=eps)
        self.ff_in = nn.Linear(dim, ff)
        self.ff_out = nn.Linear(ff, dim)
        self.ln2 = nn.LayerNorm(dim, eps=eps)

    def forward(self, x):
        x = self.ln1(x + self.attn(x))
        return self.ln2(x + self.ff_out(F.gelu(self.ff_in(x))))


class Nystromformer(nn.Module):
    def __init__(self):
        super().__init__()
        z = sizes_of(NystromSizes)
        self.tok = nn.Embedding(z["vocab"], z["dim"])
        self.pos = nn.Embedding(z["max_len"] + 2, z["dim"])
        self.typ = nn.Embedding(z["type_vocab"], z["dim"])
        self.emb_ln = nn.LayerNorm(z["dim"], eps=z["eps"])
        self.encoder = nn.ModuleList(
            EncoderLayer(z["dim"], z["heads"], z["ff"], z["conv_kernel"], z["eps"])
            for _ in range(z["depth"])
        )

    def forward(self, ids, types=None, mask=None):
        pos = torch.arange(ids.shape[1], device=ids.device) + 2
        types = torch.zeros_like(ids) if types is None else types
        x = self.emb_ln(self.tok(ids) + self.pos(pos) + self.typ(types))
        for layer in self.encoder:
            x = layer(x)
        return x
