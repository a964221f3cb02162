"""BERT whose sizes come from a sparse run config: a size left out (``None``) falls back through
``or`` to the value derived from the width, the way our trainer fills gaps."""

import torch
from torch import nn

RUN = {
    "vocab": 448,
    "width": 64,
    "depth": 2,
    "heads": None,
    "ffn": None,
    "max_len": 128,
    "types": 3,
}
WIDTH = RUN["width"]
HEADS = RUN["heads"] or WIDTH // 16
FFN = RUN["ffn"] or 4 * WIDTH
DEPTH = RUN["depth"] or 12


class BertLayer(nn.Module):
    def __init__(self):
        super().__init__()
        self.query = nn.Linear(WIDTH, WIDTH)
        self.key = nn.Linear(WIDTH, WIDTH)
        self.value = nn.Linear(WIDTH, WIDTH)
        self.attn_out = nn.Linear(WIDTH, WIDTH)
        self.attn_norm = nn.LayerNorm(WIDTH, eps=1e-12)
        self.intermediate = nn.Linear(WIDTH, FFN)
        self.output = nn.Linear(FFN, WIDTH)
        self.out_norm = nn.LayerNorm(WIDTH, eps=1e-12)

    def forward(self, x):
        b, t, _ = x.shape

        def split(z):
            return z.view(b, t, HEADS, -1).transpose(1, 2)

        q, k, v = split(self.query(x)), split(self.key(x)), split(self.value(x))
        a = torch.softmax(q @ k.transpose(-1, -2) / (WIDTH // HEADS) ** 0.5, -1) @ v
        x = self.attn_norm(x + self.attn_out(a.transpose(1, 2).reshape(b, t, -1)))
        h = self.output(nn.functional.gelu(self.intermediate(x)))
        return self.out_norm(x + h)


class Bert(nn.Module):
    def __init__(self):
        super().__init__()
        self.word = nn.Embedding(RUN["vocab"], WIDTH, padding_idx=0)
        self.position = nn.Embedding(RUN["max_len"], WIDTH)
        self.token_type = nn.Embedding(RUN["types"], WIDTH)
        self.emb_norm = nn.LayerNorm(WIDTH, eps=1e-12)
        self.layers = nn.ModuleList(BertLayer() for _ in range(DEPTH))
        self.pool = nn.Linear(WIDTH, WIDTH)

    def forward(self, ids):
        pos = torch.arange(ids.shape[1])
        x = self.emb_norm(
            self.word(ids) + self.position(pos) + self.token_type(torch.zeros_like(ids))
        )
        for layer in self.layers:
            x = layer(x)
        return x, torch.tanh(self.pool(x[:, 0]))
