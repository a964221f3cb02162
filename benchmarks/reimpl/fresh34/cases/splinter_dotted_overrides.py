"""Splinter encoder (BERT-style post-LN transformer) for span-selection pre-training.

Base sizes are BERT-base's; the run passes hydra-style dotted overrides on top.
"""

import math

import torch
import torch.nn as nn
import torch.nn.functional as F

DEFAULTS = {
    "model.vocab": 30522,
    "model.hidden": 768,
    "model.layers": 12,
    "model.heads": 12,
    "model.intermediate": 3072,
    "model.max_positions": 512,
    "model.type_vocab": 2,
    "model.ln_eps": 1e-12,
}
OVERRIDES = [
    "model.vocab=600",
    "model.hidden=64",
    "model.layers=2",
    "model.heads=4",
    "model.intermediate=128",
    "model.max_positions=96",
]


def resolve(defaults, overrides):
    cfg = dict(defaults)
    for item in overrides:
        key, raw = item.split("=", 1)
        cfg[key] = type(defaults[key])(raw)
    return {k.split(".", 1)[1]: v for k, v in cfg.items()}


C = resolve(DEFAULTS, OVERRIDES)


class MultiHead(nn.Module):
    def __init__(self):
        super().__init__()
        self.n = C["heads"]
        self.dh = C["hidden"] // C["heads"]
        self.proj_q = nn.Linear(C["hidden"], C["hidden"])
        self.proj_k = nn.Linear(C["hidden"], C["hidden"])
        self.proj_v = nn.Linear(C["hidden"], C["hidden"])
        self.proj_o = nn.Linear(C["hidden"], C["hidden"])
        self.ln = nn.LayerNorm(C["hidden"], eps=C["ln_eps"])

    def forward(self, x, pad_bias):
        b, t, d = x.shape
        split = lambda y: y.view(b, t, self.n, self.dh)  # noqa: E731
        q, k, v = split(self.proj_q(x)), split(self.proj_k(x)), split(self.proj_v(x))
        s = torch.einsum("bqhd,bkhd->bhqk", q, k) / math.sqrt(self.dh) + pad_bias
        ctx = torch.einsum("bhqk,bkhd->bqhd", s.softmax(-1), v).reshape(b, t, d)
        return self.ln(x + self.proj_o(ctx))


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        self.attn = MultiHead()
        self.ff_in = nn.Linear(C["hidden"], C["intermediate"])
        self.ff_out = nn.Linear(C["intermediate"], C["hidden"])
        self.ff_ln = nn.LayerNorm(C["hidden"], eps=C["ln_eps"])

    def forward(self, x, pad_bias):
        x = self.attn(x, pad_bias)
        return self.ff_ln(x + self.ff_out(F.gelu(self.ff_in(x))))


class SplinterEncoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.word = nn.Embedding(C["vocab"], C["hidden"])
        self.pos = nn.Embedding(C["max_positions"], C["hidden"])
        self.seg = nn.Embedding(C["type_vocab"], C["hidden"])
        self.emb_ln = nn.LayerNorm(C["hidden"], eps=C["ln_eps"])
        self.layers = nn.ModuleList(Layer() for _ in range(C["layers"]))

    def forward(self, ids, segments=None, mask=None):
        if segments is None:
            segments = torch.zeros_like(ids)
        if mask is None:
            mask = torch.ones_like(ids, dtype=torch.bool)
        pos = torch.arange(ids.shape[1], device=ids.device)
        x = self.emb_ln(self.word(ids) + self.pos(pos)[None] + self.seg(segments))
        pad_bias = (~mask)[:, None, None, :].float() * torch.finfo(x.dtype).min
        for layer in self.layers:
            x = layer(x, pad_bias)
        return x
