"""Chinese-CLIP's text tower (a BERT with pooler). The depth is counted from a layer plan
string with ``collections.Counter``: ``"E"`` is an encoder layer, ``"-"`` a frozen marker."""

from collections import Counter

import torch
from torch import nn

PLAN = "E-E"
DEPTH = Counter(PLAN)["E"]
VOCAB, HIDDEN, HEADS, INTER, POSITIONS, TYPES = 400, 64, 4, 160, 128, 2


class BertLayer(nn.Module):
    def __init__(self):
        super().__init__()
        self.query = nn.Linear(HIDDEN, HIDDEN)
        self.key = nn.Linear(HIDDEN, HIDDEN)
        self.value = nn.Linear(HIDDEN, HIDDEN)
        self.attention_output = nn.Linear(HIDDEN, HIDDEN)
        self.attention_norm = nn.LayerNorm(HIDDEN, eps=1e-12)
        self.intermediate = nn.Linear(HIDDEN, INTER)
        self.output = nn.Linear(INTER, HIDDEN)
        self.output_norm = nn.LayerNorm(HIDDEN, eps=1e-12)

    def forward(self, x):
        b, t, _ = x.shape
        q, k, v = (
            p(x).view(b, t, HEADS, -1).transpose(1, 2) for p in (self.query, self.key, self.value)
        )
        o = nn.functional.scaled_dot_product_attention(q, k, v)
        x = self.attention_norm(x + self.attention_output(o.transpose(1, 2).reshape(b, t, HIDDEN)))
        return self.output_norm(x + self.output(nn.functional.gelu(self.intermediate(x))))


class ChineseCLIPText(nn.Module):
    def __init__(self):
        super().__init__()
        self.word_embeddings = nn.Embedding(VOCAB, HIDDEN, padding_idx=0)
        self.position_embeddings = nn.Embedding(POSITIONS, HIDDEN)
        self.token_type_embeddings = nn.Embedding(TYPES, HIDDEN)
        self.LayerNorm = nn.LayerNorm(HIDDEN, eps=1e-12)
        self.layer = nn.ModuleList(BertLayer() for _ in range(DEPTH))
        self.pooler = nn.Linear(HIDDEN, HIDDEN)

    def forward(self, ids, types):
        x = self.word_embeddings(ids) + self.position_embeddings(torch.arange(ids.shape[1]))
        x = self.LayerNorm(x + self.token_type_embeddings(types))
        for layer in self.layer:
            x = layer(x)
        return x, torch.tanh(self.pooler(x[:, 0]))
