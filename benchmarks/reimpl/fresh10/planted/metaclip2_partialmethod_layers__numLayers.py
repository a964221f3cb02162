"""MetaCLIP 2's text tower (CLIP layout, a multilingual vocabulary). The layer class makes its
sub-modules through ``functools.partialmethod`` helpers that pre-bind the width."""

from functools import partialmethod

import torch
from torch import nn

CONTEXT = 32
VOCAB = 320
WIDTH = 64
HEADS = 4
MLP = 128
LAYERS = 3
EPS = 1e-5


class Layer(nn.Module):
    def _linear(self, n_in, n_out):
        return nn.Linear(n_in, n_out)

    wide_in = partialmethod(_linear, WIDTH, MLP)
    wide_out = partialmethod(_linear, MLP, WIDTH)
    square = partialmethod(_linear, WIDTH, WIDTH)

    def __init__(self):
        super().__init__()
        self.layer_norm1 = nn.LayerNorm(WIDTH, eps=EPS)
        self.q_proj, self.k_proj, self.v_proj, self.out_proj = (self.square() for _ in range(4))
        self.layer_norm2 = nn.LayerNorm(WIDTH, eps=EPS)
        self.fc1, self.fc2 = self.wide_in(), self.wide_out()

    def forward(self, x):
        b, t, d = x.shape
        h = self.layer_norm1(x)
        q, k, v = (
            p(h).view(b, t, HEADS, -1).transpose(1, 2)
            for p in (self.q_proj, self.k_proj, self.v_proj)
        )
        o = nn.functional.scaled_dot_product_attention(q, k, v, is_causal=True)
        x = x + self.out_proj(o.transpose(1, 2).reshape(b, t, d))
        h = self.fc1(self.layer_norm2(x))
        return x + self.fc2(h * torch.sigmoid(1.702 * h))


class MetaClip2Text(nn.Module):
    def __init__(self):
        super().__init__()
        self.token_embedding = nn.Embedding(VOCAB, WIDTH)
        self.position_embedding = nn.Embedding(CONTEXT, WIDTH)
        self.layers = nn.ModuleList(Layer() for _ in range(LAYERS))
        self.final_layer_norm = nn.LayerNorm(WIDTH, eps=EPS)

    def forward(self, ids):
        x = self.token_embedding(ids) + self.position_embedding(torch.arange(ids.shape[1]))
        for layer in self.layers:
            x = layer(x)
        x = self.final_layer_norm(x)
        return x, x[torch.arange(x.shape[0]), ids.argmax(-1)]
