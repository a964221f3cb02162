"""A tiny CLIP text tower whose sizes are the keyword defaults of a function signature kept
as source text (``SIGNATURE``), parsed with ``ast.parse`` and evaluated default by default with
``ast.literal_eval`` (a generated stub documents the tower's arguments; the model reads it back).
Causal self-attention, quick-GELU MLP, pre-norm layers, final LayerNorm, pooled output at the
position of the highest token id."""

from __future__ import annotations

import ast

import torch
import torch.nn.functional as F
from torch import nn

SIGNATURE = """
def text_tower(
    vocab: int = 128,
    ctx: int = 32,
    width: int = 32,
    heads: int = 4,
    mlp: int = 64,
    layers: int = 2,
    eps: float = 1e-05,
) -> None: ...
"""
_FN = ast.parse(SIGNATURE).body[0]
HP = {a.arg: ast.literal_eval(d) for a, d in zip(_FN.args.args, _FN.args.defaults)}


class Layer(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        w = HP["width"]
        self.h = HP["heads"]
        self.ln1 = nn.LayerNorm(w, eps=HP["eps"])
        self.q = nn.Linear(w, w)
        self.k = nn.Linear(w, w)
        self.v = nn.Linear(w, w)
        self.o = nn.Linear(w, w)
        self.ln2 = nn.LayerNorm(w, eps=HP["eps"])
        self.fc1 = nn.Linear(w, HP["mlp"])
        self.fc2 = nn.Linear(HP["mlp"], w)

    def forward(self, x):
        b, t, w = x.shape
        h = self.ln1(x)

        def heads(z):
            return z.view(b, t, self.h, w // self.h).transpose(1, 2)

        a = F.scaled_dot_product_attention(
            heads(self.q(h)), heads(self.k(h)), heads(self.v(h)), is_causal=True
        )
        x = x + self.o(a.transpose(1, 2).reshape(b, t, w))
        m = self.fc1(self.ln2(x))
        return x + self.fc2(m * torch.sigmoid(1.702 * m))


class CLIPTextFromSignature(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.tok = nn.Embedding(HP["vocab"], HP["width"])
        self.pos = nn.Embedding(HP["ctx"], HP["width"])
        self.layers = nn.ModuleList(Layer() for _ in range(HP["layers"]))
        self.ln_final = nn.LayerNorm(HP["width"], eps=HP["eps"])

    def forward(self, ids):
        x = self.tok(ids) + self.pos(torch.arange(ids.shape[1]))
        for layer in self.layers:
            x = layer(x)
        x = self.ln_final(x)
        return x, x[torch.arange(ids.shape[0]), ids.argmax(-1)]
