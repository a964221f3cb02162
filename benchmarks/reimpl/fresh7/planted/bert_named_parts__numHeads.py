"""BERT (base layout, post-norm, absolute positions, token types, a tanh pooler). The model is
assembled from a list of ``(name, module)`` tuples handed to ``nn.ModuleDict``, each layer
itself from such a list; the forward walks the parts by name. Sizes are module constants."""

import torch
import torch.nn.functional as F
from torch import nn

VOCAB = 1536
HIDDEN = 96
LAYERS = 2
HEADS = 3
INTERMEDIATE = 288
MAX_POS = 128
TYPES = 2
EPS = 1e-12


def layer_parts():
    return [
        ("query", nn.Linear(HIDDEN, HIDDEN)),
        ("key", nn.Linear(HIDDEN, HIDDEN)),
        ("value", nn.Linear(HIDDEN, HIDDEN)),
        ("attn_dense", nn.Linear(HIDDEN, HIDDEN)),
        ("attn_norm", nn.LayerNorm(HIDDEN, eps=EPS)),
        ("ffn_in", nn.Linear(HIDDEN, INTERMEDIATE)),
        ("ffn_out", nn.Linear(INTERMEDIATE, HIDDEN)),
        ("ffn_norm", nn.LayerNorm(HIDDEN, eps=EPS)),
    ]


def model_parts():
    parts = [
        ("word", nn.Embedding(VOCAB, HIDDEN)),
        ("position", nn.Embedding(MAX_POS, HIDDEN)),
        ("token_type", nn.Embedding(TYPES, HIDDEN)),
        ("embed_norm", nn.LayerNorm(HIDDEN, eps=EPS)),
    ]
    parts += [(f"layer_{i}", nn.ModuleDict(layer_parts())) for i in range(LAYERS)]
    parts.append(("pooler", nn.Linear(HIDDEN, HIDDEN)))
    return parts


def run_layer(p, x):
    b, t, _ = x.shape
    q, k, v = (p[n](x).view(b, t, HEADS, -1).transpose(1, 2) for n in ("query", "key", "value"))
    o = F.scaled_dot_product_attention(q, k, v).transpose(1, 2).reshape(b, t, HIDDEN)
    x = p["attn_norm"](x + p["attn_dense"](o))
    return p["ffn_norm"](x + p["ffn_out"](F.gelu(p["ffn_in"](x))))


class Bert(nn.Module):
    def __init__(self):
        super().__init__()
        self.parts = nn.ModuleDict(model_parts())

    def forward(self, ids):
        p = self.parts
        pos = torch.arange(ids.shape[1])
        x = p["word"](ids) + p["token_type"](torch.zeros_like(ids)) + p["position"](pos)
        x = p["embed_norm"](x)
        for i in range(LAYERS):
            x = run_layer(p[f"layer_{i}"], x)
        return x, torch.tanh(p["pooler"](x[:, 0]))
