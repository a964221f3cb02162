"""BERT assembled by a small Keras-like builder: ``add`` appends a named module and returns
the builder; ``build`` returns the encoder. Sizes are the builder's keyword defaults."""

import math

import torch
import torch.nn as nn


class Builder:
    def __init__(self, vocab=384, width=64, max_pos=64, type_vocab=2, eps=1e-12):
        self.vocab, self.width, self.max_pos, self.type_vocab = vocab, width, max_pos, type_vocab
        self.eps, self.parts = eps, []

    def add(self, name, module):
        self.parts.append((name, module))
        return self

    def build(self):
        return nn.ModuleDict(self.parts)


class Layer(nn.Module):
    def __init__(self, width, heads, ffn, eps):
        super().__init__()
        self.heads = heads
        self.query, self.key, self.value = (nn.Linear(width, width) for _ in range(3))
        self.attn_out, self.attn_norm = nn.Linear(width, width), nn.LayerNorm(width, eps=eps)
        self.intermediate, self.output = nn.Linear(width, ffn), nn.Linear(ffn, width)
        self.out_norm = nn.LayerNorm(width, eps=eps)

    def forward(self, x, bias):
        b, t, d = x.shape
        q, k, v = (
            m(x).view(b, t, self.heads, -1).transpose(1, 2)
            for m in (self.query, self.key, self.value)
        )
        w = (q @ k.transpose(-1, -2) / math.sqrt(d // self.heads) + bias).softmax(-1)
        x = self.attn_norm(x + self.attn_out((w @ v).transpose(1, 2).reshape(b, t, d)))
        return self.out_norm(x + self.output(nn.functional.gelu(self.intermediate(x))))


class Bert(nn.Module):
    def __init__(self, layers=2, heads=4, ffn=256):
        super().__init__()
        b = Builder()
        b.add("word", nn.Embedding(b.vocab, b.width)).add("pos", nn.Embedding(b.max_pos, b.width))
        b.add("types", nn.Embedding(b.type_vocab, b.width))
        b.add("emb_norm", nn.LayerNorm(b.width, eps=b.eps))
        for i in range(layers):
            b.add(f"layer{i}", Layer(b.width, heads, ffn, b.eps))
        b.add("pooler", nn.Linear(b.width, b.width))
        self.net, self.n_layers = b.build(), layers

    def forward(self, ids, types, mask):
        n = self.net
        pos = torch.arange(ids.shape[1])
        x = n["emb_norm"](n["word"](ids) + n["pos"](pos) + n["types"](types))
        bias = (1.0 - mask[:, None, None, :].float()) * torch.finfo(x.dtype).min
        for i in range(self.n_layers):
            x = n[f"layer{i}"](x, bias)
        return x, torch.tanh(n["pooler"](x[:, 0]))
