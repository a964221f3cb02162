"""A cross-lingual modular encoder (X-MOD): a post-norm BERT whose every layer ends in a small
bottleneck adapter per language. All Linear and LayerNorm constructors are pre-bound with
``functools.partial`` at the top, so sizes and eps are stated once."""

from functools import partial

import torch
import torch.nn as nn

LANGS = ("en_XX", "de_DE")
D, N_LAYERS, N_HEADS, D_FF = 64, 2, 4, 256
ADAPTER_REDUCTION = 4
VOCAB, MAX_POS, TYPES = 800, 130, 1

LayerNorm = partial(nn.LayerNorm, D, eps=1e-12)
Square = partial(nn.Linear, D, D)
Up = partial(nn.Linear, D, D_FF)
Down = partial(nn.Linear, D_FF, D)


class Adapter(nn.Module):
    def __init__(self):
        super().__init__()
        self.dense1 = nn.Linear(D, D // ADAPTER_REDUCTION)
        self.dense2 = nn.Linear(D // ADAPTER_REDUCTION, D)

    def forward(self, x):
        return self.dense2(nn.functional.gelu(self.dense1(x)))


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        self.query, self.key, self.value, self.attn_out = Square(), Square(), Square(), Square()
        self.attn_norm = LayerNorm()
        self.up, self.down = Up(), Down()
        self.out_norm = LayerNorm()
        self.adapters = nn.ModuleDict({lang: Adapter() for lang in LANGS})

    def forward(self, x, lang, bias):
        b, t, _ = x.shape
        q, k, v = (
            f(x).view(b, t, N_HEADS, -1).transpose(1, 2) for f in (self.query, self.key, self.value)
        )
        a = ((q @ k.transpose(-1, -2)) * (D // N_HEADS) ** -0.5 + bias).softmax(-1) @ v
        x = self.attn_norm(x + self.attn_out(a.transpose(1, 2).reshape(b, t, D)))
        h = self.down(nn.functional.gelu(self.up(x)))
        # the language adapter sits after the FFN's residual LayerNorm, with a residual of its own
        h = self.out_norm(h + x)
        return h + self.adapters[lang](h)


class XMOD(nn.Module):
    def __init__(self):
        super().__init__()
        self.word_embeddings = nn.Embedding(VOCAB, D, padding_idx=1)
        self.position_embeddings = nn.Embedding(MAX_POS, D, padding_idx=1)
        self.token_type_embeddings = nn.Embedding(TYPES, D)
        self.emb_norm = LayerNorm()
        self.layers = nn.ModuleList(Layer() for _ in range(N_LAYERS))
        self.pooler = Square()

    def forward(self, ids, mask, lang="en_XX"):
        pos = torch.cumsum(mask.long(), 1) * mask.long() + 1
        x = self.word_embeddings(ids) + self.position_embeddings(pos)
        x = self.emb_norm(x + self.token_type_embeddings(torch.zeros_like(ids)))
        bias = (~mask[:, None, None, :]).float() * -1e9
        for layer in self.layers:
            x = layer(x, lang, bias)
        return x, torch.tanh(self.pooler(x[:, 0]))
