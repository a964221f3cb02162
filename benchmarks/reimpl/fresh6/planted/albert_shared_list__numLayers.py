"""ALBERT (Lan et al., 2019): factorised embeddings (a narrow embedding projected up to the
hidden width) and one transformer layer shared by every depth step. The sharing is written
the blunt way: ``nn.ModuleList([layer] * n)`` holds the same module ``n`` times (its
parameters exist once). Post-norm layers, GELU (tanh form), a tanh pooler."""

import math

import torch
import torch.nn.functional as F
from torch import nn

VOCAB_SIZE = 760
EMBEDDING_SIZE = 32
HIDDEN_SIZE = 96
NUM_LAYERS = 6
NUM_HEADS = 6
INTERMEDIATE = 256
MAX_POSITIONS = 160
TYPE_VOCAB = 2
EPS = 1e-12


class SharedLayer(nn.Module):
    def __init__(self):
        super().__init__()
        h = HIDDEN_SIZE
        self.query, self.key, self.value = nn.Linear(h, h), nn.Linear(h, h), nn.Linear(h, h)
        self.dense = nn.Linear(h, h)
        self.attn_norm = nn.LayerNorm(h, eps=EPS)
        self.ffn = nn.Linear(h, INTERMEDIATE)
        self.ffn_output = nn.Linear(INTERMEDIATE, h)
        self.out_norm = nn.LayerNorm(h, eps=EPS)

    def forward(self, x):
        b, t, h = x.shape
        hd = h // NUM_HEADS
        q, k, v = (
            m(x).view(b, t, NUM_HEADS, hd).transpose(1, 2)
            for m in (self.query, self.key, self.value)
        )
        p = (q @ k.transpose(-1, -2) / math.sqrt(hd)).softmax(-1)
        a = self.attn_norm(x + self.dense((p @ v).transpose(1, 2).reshape(b, t, h)))
        return self.out_norm(a + self.ffn_output(F.gelu(self.ffn(a), approximate="tanh")))


class Albert(nn.Module):
    def __init__(self):
        super().__init__()
        self.word_embeddings = nn.Embedding(VOCAB_SIZE, EMBEDDING_SIZE)
        self.position_embeddings = nn.Embedding(MAX_POSITIONS, EMBEDDING_SIZE)
        self.token_type_embeddings = nn.Embedding(TYPE_VOCAB, EMBEDDING_SIZE)
        self.embed_norm = nn.LayerNorm(EMBEDDING_SIZE, eps=EPS)
        self.project_in = nn.Linear(EMBEDDING_SIZE, HIDDEN_SIZE)
        layer = SharedLayer()
        self.layers = nn.ModuleList([layer] * NUM_LAYERS)
        self.pooler = nn.Linear(HIDDEN_SIZE, HIDDEN_SIZE)

    def forward(self, ids):
        pos = torch.arange(ids.shape[1], device=ids.device)
        e = self.word_embeddings(ids) + self.position_embeddings(pos)
        x = self.project_in(self.embed_norm(e + self.token_type_embeddings(torch.zeros_like(ids))))
        for layer in self.layers:
            x = layer(x)
        return x, torch.tanh(self.pooler(x[:, 0]))
