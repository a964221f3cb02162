"""Splinter (Ram et al., 2021), the encoder only (no QASS head, no pooler): a BERT-base layout
(post-norm, learned positions, token types, exact GELU). The sizes are held in a
``contextvars.ContextVar`` that the model reads while it builds itself; the default context is
the checkpoint's shape, a caller can ``SIZES.set`` another before constructing."""

import contextvars
import math

import torch
import torch.nn.functional as F
from torch import nn

SIZES = contextvars.ContextVar(
    "splinter_sizes",
    default={  # noqa: B039 (read only; a caller sets a new dict)
        "vocab": 1000,
        "width": 80,
        "depth": 3,
        "heads": 5,
        "ffn": 224,
        "positions": 192,
        "types": 2,
        "eps": 1e-12,
    },
)


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        s = SIZES.get()
        w = s["width"]
        self.heads = s["heads"]
        self.q, self.k, self.v = nn.Linear(w, w), nn.Linear(w, w), nn.Linear(w, w)
        self.o = nn.Linear(w, w)
        self.ln_attn = nn.LayerNorm(w, eps=s["eps"])
        self.fc_in = nn.Linear(w, s["ffn"])
        self.fc_out = nn.Linear(s["ffn"], w)
        self.ln_ffn = nn.LayerNorm(w, eps=s["eps"])

    def forward(self, x):
        b, t, w = x.shape
        hd = w // self.heads
        q, k, v = (
            f(x).view(b, t, self.heads, hd).transpose(1, 2) for f in (self.q, self.k, self.v)
        )
        p = torch.softmax(q @ k.transpose(-1, -2) / math.sqrt(hd), dim=-1)
        x = self.ln_attn(x + self.o((p @ v).transpose(1, 2).reshape(b, t, w)))
        return self.ln_ffn(x + self.fc_out(F.gelu(self.fc_in(x))))


class Splinter(nn.Module):
    def __init__(self):
        super().__init__()
        s = SIZES.get()
        self.tokens = nn.Embedding(s["vocab"], s["width"])
        self.positions = nn.Embedding(s["positions"], s["width"])
        self.types = nn.Embedding(s["types"], s["width"])
        self.ln = nn.LayerNorm(s["width"], eps=s["eps"])
        self.layers = nn.ModuleList(Layer() for _ in range(s["depth"]))

    def forward(self, ids):
        pos = torch.arange(ids.shape[1], device=ids.device)
        x = self.ln(self.tokens(ids) + self.positions(pos) + self.types(torch.zeros_like(ids)))
        for layer in self.layers:
            x = layer(x)
        return x
