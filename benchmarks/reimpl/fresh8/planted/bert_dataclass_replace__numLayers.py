"""A BERT whose size variants are made with ``dataclasses.replace`` from one base config
(``TINY = replace(BASE, ...)``), the model built from the last variant."""

from dataclasses import dataclass, replace

import torch
import torch.nn as nn


@dataclass
class BertSize:
    vocab: int = 30522
    hidden: int = 768
    layers: int = 12
    heads: int = 12
    ffn: int = 3072
    max_len: int = 512
    type_vocab: int = 2
    eps: float = 1e-12


BASE = BertSize()
LARGE = replace(BASE, hidden=1024, layers=24, heads=16, ffn=4096)
TINY = replace(BASE, vocab=1000, hidden=64, layers=3, heads=4, ffn=160, max_len=128)


class Layer(nn.Module):
    def __init__(self, c: BertSize):
        super().__init__()
        self.heads = c.heads
        self.qkv = nn.ModuleDict(
            {n: nn.Linear(c.hidden, c.hidden) for n in ("query", "key", "value")}
        )
        self.attn_out = nn.Linear(c.hidden, c.hidden)
        self.attn_ln = nn.LayerNorm(c.hidden, eps=c.eps)
        self.inter = nn.Linear(c.hidden, c.ffn)
        self.out = nn.Linear(c.ffn, c.hidden)
        self.out_ln = nn.LayerNorm(c.hidden, eps=c.eps)

    def forward(self, x, bias):
        b, t, d = x.shape
        q, k, v = (
            self.qkv[n](x).view(b, t, self.heads, -1).transpose(1, 2)
            for n in ("query", "key", "value")
        )
        p = ((q @ k.transpose(-1, -2)) * (d // self.heads) ** -0.5 + bias).softmax(-1)
        x = self.attn_ln(x + self.attn_out((p @ v).transpose(1, 2).reshape(b, t, d)))
        return self.out_ln(x + self.out(nn.functional.gelu(self.inter(x))))


class Bert(nn.Module):
    def __init__(self, c: BertSize = TINY):
        super().__init__()
        self.word = nn.Embedding(c.vocab, c.hidden, padding_idx=0)
        self.pos = nn.Embedding(c.max_len, c.hidden)
        self.token_type = nn.Embedding(c.type_vocab, c.hidden)
        self.emb_ln = nn.LayerNorm(c.hidden, eps=c.eps)
        self.layers = nn.ModuleList(Layer(c) for _ in range(c.layers))
        self.pool = nn.Linear(c.hidden, c.hidden)

    def forward(self, ids, types, mask):
        x = self.word(ids) + self.pos(torch.arange(ids.shape[1])) + self.token_type(types)
        x = self.emb_ln(x)
        bias = (~mask[:, None, None, :]).float() * -1e9
        for layer in self.layers:
            x = layer(x, bias)
        return x, torch.tanh(self.pool(x[:, 0]))
