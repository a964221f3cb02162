"""A tiny CLIP text tower whose sizes came by e-mail: the body of the lab list's message is
kept as it arrived, quoted-printable (``=3D`` for ``=``), decoded with ``quopri.decodestring``;
every ``key=value`` line of the decoded text is a size, its value read with
``ast.literal_eval`` (a later line wins: the message first quotes the ViT-B/32 text tower's
sizes, then gives the run's). Causal self-attention, quick-GELU MLP, pre-norm layers, final
LayerNorm, pooled output at the position of the highest token id."""

from __future__ import annotations

import ast
import quopri

import torch
import torch.nn.functional as F
from torch import nn

MAIL_BODY = b"""\
> vocab=3D49408 ctx=3D77 width=3D512 heads=3D8 mlp=3D2048 layers=3D12
Hi all, the tiny text tower for the unit tests uses:
vocab=3D99
ctx=3D32
width=3D32
heads=3D4
mlp=3D64
layers=3D3
eps=3D1e-05
"""


def read_sizes(body: bytes) -> dict:
    text = quopri.decodestring(body).decode("ascii")
    sizes = {}
    for line in text.splitlines():
        if line.startswith(">"):
            continue
        key, sep, value = line.partition("=")
        if sep:
            sizes[key.strip()] = ast.literal_eval(value.strip())
    return sizes


HP = read_sizes(MAIL_BODY)


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
