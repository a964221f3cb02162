"""A BERT encoder in HF's module names; depth and widths as powers of two given by their logs."""

import math

import torch
import torch.nn as nn
import torch.nn.functional as F

LOG2_VOCAB, LOG2_WIDTH, LOG2_FFN = 9, 6, 8
V, D, F_DIM = 2**LOG2_VOCAB, 2**LOG2_WIDTH, 2**LOG2_FFN
L = int(math.log2(4))
H = int(math.log2(16))
P, TYPES = 32, 2
EPS = 1e-12


class SelfAttention(nn.Module):
    def __init__(self):
        super().__init__()
        self.query, self.key, self.value = nn.Linear(D, D), nn.Linear(D, D), nn.Linear(D, D)

    def forward(self, x):
        b, t, _ = x.shape
        q, k, v = (
            m(x).view(b, t, H, D // H).transpose(1, 2) for m in (self.query, self.key, self.value)
        )
        return F.scaled_dot_product_attention(q, k, v).transpose(1, 2).reshape(b, t, D)


class Output(nn.Module):
    def __init__(self, n_in):
        super().__init__()
        self.dense = nn.Linear(n_in, D)
        self.LayerNorm = nn.LayerNorm(D, eps=EPS)

    def forward(self, h, x):
        return self.LayerNorm(x + self.dense(h))


class BertLayer(nn.Module):
    def __init__(self):
        super().__init__()
        self.attention = SelfAttention()
        self.attention_output = Output(D)
        self.intermediate = nn.Linear(D, F_DIM)
        self.output = Output(F_DIM)

    def forward(self, x):
        x = self.attention_output(self.attention(x), x)
        return self.output(F.gelu(self.intermediate(x)), x)


class BertEncoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.word_embeddings = nn.Embedding(V, D, padding_idx=0)
        self.position_embeddings = nn.Embedding(P, D)
        self.token_type_embeddings = nn.Embedding(TYPES, D)
        self.LayerNorm = nn.LayerNorm(D, eps=EPS)
        self.layer = nn.ModuleList(BertLayer() for _ in range(L))
        self.pooler = nn.Linear(D, D)

    def forward(self, ids):
        pos = torch.arange(ids.shape[1])
        x = self.word_embeddings(ids) + self.position_embeddings(pos)
        x = self.LayerNorm(x + self.token_type_embeddings(torch.zeros_like(ids)))
        for layer in self.layer:
            x = layer(x)
        return x, torch.tanh(self.pooler(x[:, 0]))
