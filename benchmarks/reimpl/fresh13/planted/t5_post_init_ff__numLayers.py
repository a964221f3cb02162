"""T5 (ReLU MLP, bucketed relative bias in each stack's first layer); a dataclass whose
__post_init__ fills d_ff from d_model when it is left at 0."""

from dataclasses import dataclass

import torch
from torch import nn


@dataclass
class T5Dims:
    vocab: int = 256
    d_model: int = 64
    d_ff: int = 0
    heads: int = 4
    d_kv: int = 16
    enc_layers: int = 2
    dec_layers: int = 2
    buckets: int = 32

    def __post_init__(self):
        if not self.d_ff:
            self.d_ff = 4 * self.d_model


DIMS = T5Dims()


class Norm(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.scale = nn.Parameter(torch.ones(d))

    def forward(self, x):
        return self.scale * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-6)


class MultiHead(nn.Module):
    def __init__(self, c, relative):
        super().__init__()
        inner = c.heads * c.d_kv
        self.c = c
        self.wq, self.wk = (
            nn.Linear(c.d_model, inner, bias=False),
            nn.Linear(c.d_model, inner, bias=False),
        )
        self.wv, self.wo = (
            nn.Linear(c.d_model, inner, bias=False),
            nn.Linear(inner, c.d_model, bias=False),
        )
        self.bias_table = nn.Embedding(c.buckets, c.heads) if relative else None

    def forward(self, x, mem=None, causal=False):
        c, mem = self.c, x if mem is None else mem
        b, t, s = x.shape[0], x.shape[1], mem.shape[1]
        q = self.wq(x).view(b, t, c.heads, -1).transpose(1, 2)
        k = self.wk(mem).view(b, s, c.heads, -1).transpose(1, 2)
        v = self.wv(mem).view(b, s, c.heads, -1).transpose(1, 2)
        logits = q @ k.transpose(-1, -2)
        if self.bias_table is not None:
            rel = (torch.arange(s)[None] - torch.arange(t)[:, None]).abs().clamp(max=c.buckets - 1)
            logits = logits + self.bias_table(rel).permute(2, 0, 1)
        if causal:
            logits = logits.masked_fill(torch.ones(t, s, dtype=torch.bool).triu(1), float("-inf"))
        return self.wo((logits.softmax(-1) @ v).transpose(1, 2).reshape(b, t, -1))


def ffn(c):
    return nn.Sequential(
        nn.Linear(c.d_model, c.d_ff, bias=False),
        nn.ReLU(),
        nn.Linear(c.d_ff, c.d_model, bias=False),
    )


class EncoderLayer(nn.Module):
    def __init__(self, c, i):
        super().__init__()
        self.n1, self.attn, self.n2, self.ff = (
            Norm(c.d_model),
            MultiHead(c, i == 0),
            Norm(c.d_model),
            ffn(c),
        )

    def forward(self, x):
        x = x + self.attn(self.n1(x))
        return x + self.ff(self.n2(x))


class DecoderLayer(nn.Module):
    def __init__(self, c, i):
        super().__init__()
        self.n1, self.attn = Norm(c.d_model), MultiHead(c, i == 0)
        self.n2, self.cross = Norm(c.d_model), MultiHead(c, False)
        self.n3, self.ff = Norm(c.d_model), ffn(c)

    def forward(self, y, mem):
        y = y + self.attn(self.n1(y), causal=True)
        y = y + self.cross(self.n2(y), mem)
        return y + self.ff(self.n3(y))


class T5(nn.Module):
    def __init__(self, c=DIMS):
        super().__init__()
        self.embed = nn.Embedding(c.vocab, c.d_model)
        self.enc = nn.ModuleList(EncoderLayer(c, i) for i in range(c.enc_layers))
        self.enc_norm = Norm(c.d_model)
        self.dec = nn.ModuleList(DecoderLayer(c, i) for i in range(c.dec_layers))
        self.dec_norm = Norm(c.d_model)

    def forward(self, src, tgt):
        x = self.embed(src)
        for layer in self.enc:
            x = layer(x)
        mem = self.enc_norm(x)
        y = self.embed(tgt)
        for layer in self.dec:
            y = layer(y, mem)
        return self.dec_norm(y)
