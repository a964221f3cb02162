"""BERT encoder from torch's nn.TransformerEncoderLayer (post-norm); settings are `key=value`
lines split with str.partition, pasted from our launcher's log."""

import torch
from torch import nn

LOG = """
vocab=320
width=64
layers=2
heads=4
ffn=192
positions=96
types=2
"""
S = {k.strip(): int(v) for k, _, v in (ln.partition("=") for ln in LOG.split()) if v}


class BertEncoder(nn.Module):
    def __init__(self):
        super().__init__()
        d = S["width"]
        self.word_embeddings = nn.Embedding(S["vocab"], d, padding_idx=0)
        self.position_embeddings = nn.Embedding(S["positions"], d)
        self.token_type_embeddings = nn.Embedding(S["types"], d)
        self.LayerNorm = nn.LayerNorm(d, eps=1e-12)
        self.layer = nn.ModuleList(
            nn.TransformerEncoderLayer(
                d,
                S["heads"],
                dim_feedforward=S["ffn"],
                dropout=0.0,
                activation="gelu",
                layer_norm_eps=1e-12,
                batch_first=True,
            )
            for _ in range(S["layers"])
        )
        self.pooler = nn.Linear(d, d)

    def forward(self, ids):
        pos = torch.arange(ids.shape[1])
        x = self.word_embeddings(ids) + self.position_embeddings(pos)
        x = self.LayerNorm(x + self.token_type_embeddings(torch.zeros_like(ids)))
        for layer in self.layer:
            x = layer(x)
        return x, torch.tanh(self.pooler(x[:, 0]))
