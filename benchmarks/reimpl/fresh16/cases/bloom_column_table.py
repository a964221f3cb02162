"""BLOOM (ALiBi, no position table; LayerNorm after the embedding; fused biased qkv) with the
family's sizes kept column-wise, one list per hyper-parameter, and a model's row taken by
``zip``-ing the columns."""

import math

import torch
import torch.nn as nn
import torch.nn.functional as F

NAMES = ["bloom-tiny", "bloom-560m", "bloom-1b1"]
VOCABS = [384, 250880, 250880]
WIDTHS = [64, 1024, 1536]
LAYERS = [2, 24, 24]
HEADS = [4, 16, 16]
TABLE = dict(zip(NAMES, zip(VOCABS, WIDTHS, LAYERS, HEADS, strict=True), strict=True))
VOCAB, WIDTH, N_LAYER, N_HEAD = TABLE["bloom-tiny"]
EPS = 1e-5


def alibi(heads, t):
    slopes = torch.tensor([2 ** (-8 * (i + 1) / heads) for i in range(heads)])
    return slopes[:, None, None] * torch.arange(t)[None, None, :]


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.input_layernorm = nn.LayerNorm(WIDTH, eps=EPS)
        self.query_key_value = nn.Linear(WIDTH, 3 * WIDTH)
        self.dense = nn.Linear(WIDTH, WIDTH)
        self.post_attention_layernorm = nn.LayerNorm(WIDTH, eps=EPS)
        self.dense_h_to_4h = nn.Linear(WIDTH, 4 * WIDTH)
        self.dense_4h_to_h = nn.Linear(4 * WIDTH, WIDTH)

    def forward(self, x):
        b, t, d = x.shape
        qkv = self.query_key_value(self.input_layernorm(x)).view(b, t, N_HEAD, 3, -1)
        q, k, v = (qkv[..., i, :].transpose(1, 2) for i in range(3))
        causal = torch.ones(t, t, dtype=torch.bool).tril()
        bias = alibi(N_HEAD, t).masked_fill(~causal, float("-inf"))
        w = (q @ k.transpose(-1, -2) / math.sqrt(d // N_HEAD) + bias).softmax(-1)
        x = x + self.dense((w @ v).transpose(1, 2).reshape(b, t, d))
        h = F.gelu(self.dense_h_to_4h(self.post_attention_layernorm(x)), approximate="tanh")
        return x + self.dense_4h_to_h(h)


class Bloom(nn.Module):
    def __init__(self):
        super().__init__()
        self.word_embeddings = nn.Embedding(VOCAB, WIDTH)
        self.word_embeddings_layernorm = nn.LayerNorm(WIDTH, eps=EPS)
        self.h = nn.ModuleList(Block() for _ in range(N_LAYER))
        self.ln_f = nn.LayerNorm(WIDTH, eps=EPS)

    def forward(self, ids):
        x = self.word_embeddings_layernorm(self.word_embeddings(ids))
        for blk in self.h:
            x = blk(x)
        return self.ln_f(x)
