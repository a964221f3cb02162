"""A tiny CLIP text tower whose sizes are a row of the team's results table (pasted as CSV text:
a header row naming the sizes, one row per trained tower), found by its name and zipped with the
header (``dict(zip(keys, map(ast.literal_eval, values)))``); the table also lists the ViT-B/32
text tower. Causal self-attention, quick-GELU MLP, pre-norm layers, final LayerNorm, pooled
output at the position of the highest token id."""

from __future__ import annotations

import ast

import torch
import torch.nn.functional as F
from torch import nn

RESULTS_CSV = """\
name,vocab,ctx,width,heads,mlp,layers,eps,zero_shot_top1
ViT-B-32-text,49408,77,512,8,2048,12,1e-05,0.632
tiny-text-test,99,32,32,4,64,3,1e-05,0.011
"""


def sizes_of(run: str) -> dict:
    header, *rows = RESULTS_CSV.splitlines()
    keys = header.split(",")
    for row in rows:
        values = row.split(",")
        if values[0] == run:
            return dict(zip(keys[1:], map(ast.literal_eval, values[1:])))
    raise KeyError(run)


HP = sizes_of("tiny-text-test")


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
