"""Falcon (7B layout: multi-query, parallel attention and MLP under one LayerNorm, fused
``query_key_value``) sized from a pasted ``.env`` file text, parsed by hand."""

import torch.nn.functional as F
from torch import nn

ENV = """
# model.env
FALCON_VOCAB=448
FALCON_HIDDEN=64
FALCON_HEADS=4
FALCON_LAYERS=2
FALCON_FFN=256
"""
E = {
    k.removeprefix("FALCON_").lower(): int(v)
    for k, v in (ln.split("=", 1) for ln in ENV.strip().splitlines() if not ln.startswith("#"))
}


class FalconLayer(nn.Module):
    def __init__(self):
        super().__init__()
        d, self.h = E["hidden"], E["heads"]
        self.hd = d // self.h
        self.input_layernorm = nn.LayerNorm(d)
        self.query_key_value = nn.Linear(d, d + 2 * self.hd, bias=False)
        self.dense = nn.Linear(d, d, bias=False)
        self.dense_h_to_4h = nn.Linear(d, E["ffn"], bias=False)
        self.dense_4h_to_h = nn.Linear(E["ffn"], d, bias=False)

    def forward(self, x):
        b, t, d = x.shape
        h = self.input_layernorm(x)
        q, k, v = self.query_key_value(h).split([d, self.hd, self.hd], -1)
        q = q.view(b, t, self.h, self.hd).transpose(1, 2)
        k, v = k.view(b, 1, t, self.hd), v.view(b, 1, t, self.hd)
        o = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        attn = self.dense(o.transpose(1, 2).reshape(b, t, d))
        return x + attn + self.dense_4h_to_h(F.gelu(self.dense_h_to_4h(h)))


class Falcon(nn.Module):
    def __init__(self):
        super().__init__()
        self.word_embeddings = nn.Embedding(E["vocab"], E["hidden"])
        self.h = nn.ModuleList(FalconLayer() for _ in range(E["layers"]))
        self.ln_f = nn.LayerNorm(E["hidden"])

    def forward(self, ids):
        x = self.word_embeddings(ids)
        for layer in self.h:
            x = layer(x)
        return self.ln_f(x) @ self.word_embeddings.weight.T
