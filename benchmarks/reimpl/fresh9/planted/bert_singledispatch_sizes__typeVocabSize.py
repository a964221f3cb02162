"""BERT (tiny, with pooler) whose sizes come through ``functools.singledispatch``: the model
accepts a preset name, a dict or a tuple, and ``to_sizes`` normalises each to one dict."""

import functools

import torch
import torch.nn.functional as F
from torch import nn

FIELDS = ("vocab", "hidden", "layers", "heads", "ffn", "positions", "types")
NAMED = {"bert-micro": (800, 64, 2, 4, 192, 128, 1)}


@functools.singledispatch
def to_sizes(spec):
    raise TypeError(type(spec))


@to_sizes.register
def _(spec: tuple):
    return dict(zip(FIELDS, spec))


@to_sizes.register
def _(spec: dict):
    return dict(spec)


@to_sizes.register
def _(spec: str):
    return to_sizes(NAMED[spec])


class BertLayer(nn.Module):
    def __init__(self, s):
        super().__init__()
        h = s["hidden"]
        self.heads = s["heads"]
        self.query, self.key, self.value = nn.Linear(h, h), nn.Linear(h, h), nn.Linear(h, h)
        self.attn_out = nn.Linear(h, h)
        self.attn_ln = nn.LayerNorm(h, eps=1e-12)
        self.inter = nn.Linear(h, s["ffn"])
        self.out = nn.Linear(s["ffn"], h)
        self.out_ln = nn.LayerNorm(h, eps=1e-12)

    def forward(self, x, mask):
        b, t, h = x.shape
        q, k, v = (
            f(x).view(b, t, self.heads, -1).transpose(1, 2)
            for f in (self.query, self.key, self.value)
        )
        o = F.scaled_dot_product_attention(q, k, v, attn_mask=mask[:, None, None, :])
        x = self.attn_ln(x + self.attn_out(o.transpose(1, 2).reshape(b, t, h)))
        return self.out_ln(x + self.out(F.gelu(self.inter(x))))


class Bert(nn.Module):
    def __init__(self, spec="bert-micro"):
        super().__init__()
        s = to_sizes(spec)
        self.word_embeddings = nn.Embedding(s["vocab"], s["hidden"], padding_idx=0)
        self.position_embeddings = nn.Embedding(s["positions"], s["hidden"])
        self.token_type_embeddings = nn.Embedding(s["types"], s["hidden"])
        self.emb_ln = nn.LayerNorm(s["hidden"], eps=1e-12)
        self.layers = nn.ModuleList(BertLayer(s) for _ in range(s["layers"]))
        self.pooler = nn.Linear(s["hidden"], s["hidden"])

    def forward(self, ids, types, mask):
        pos = torch.arange(ids.shape[1], device=ids.device)
        x = self.word_embeddings(ids) + self.position_embeddings(pos)
        x = self.emb_ln(x + self.token_type_embeddings(types))
        for layer in self.layers:
            x = layer(x, mask)
        return x, torch.tanh(self.pooler(x[:, 0]))
