"""BLOOM: dimensions in a __slots__ class, ALiBi slopes instead of positions, a layer norm
right after the word embeddings, a fused query_key_value laid out per head, attention by
torch.baddbmm with the ALiBi bias as the input term, the head tied to the embeddings."""

import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class BloomDims:
    __slots__ = ("vocab", "width", "n_layer", "n_head", "eps")

    def __init__(self):
        self.vocab = 1000
        self.width = 64
        self.n_layer = 2
        self.n_head = 4
        self.eps = 1e-5


def alibi_slopes(n_head):
    p = 2 ** math.floor(math.log2(n_head))
    base = 2 ** (-(2 ** -(math.log2(p) - 3)))
    slopes = [base ** (i + 1) for i in range(p)]
    if p != n_head:
        extra = 2 ** (-(2 ** -(math.log2(2 * p) - 3)))
        slopes += [extra ** (2 * i + 1) for i in range(n_head - p)]
    return torch.tensor(slopes)


class BloomAttention(nn.Module):
    def __init__(self, d: BloomDims):
        super().__init__()
        self.n_head = d.n_head
        self.head_dim = d.width // d.n_head
        self.query_key_value = nn.Linear(d.width, 3 * d.width)
        self.dense = nn.Linear(d.width, d.width)
        self.register_buffer("slopes", alibi_slopes(d.n_head), persistent=False)

    def forward(self, x):
        b, t, w = x.shape
        qkv = self.query_key_value(x).view(b, t, self.n_head, 3, self.head_dim)
        q, k, v = (qkv[..., i, :].transpose(1, 2).reshape(b * self.n_head, t, -1) for i in range(3))
        alibi = (self.slopes[:, None] * torch.arange(t)[None]).repeat(b, 1)[:, None, :]
        s = torch.baddbmm(alibi, q, k.transpose(1, 2), beta=1.0, alpha=self.head_dim**-0.5)
        s = s.masked_fill(torch.ones(t, t, dtype=torch.bool).triu(1), float("-inf"))
        y = torch.bmm(s.softmax(-1), v).view(b, self.n_head, t, -1).transpose(1, 2)
        return self.dense(y.reshape(b, t, w))


class BloomBlock(nn.Module):
    def __init__(self, d: BloomDims):
        super().__init__()
        self.input_layernorm = nn.LayerNorm(d.width, eps=d.eps)
        self.self_attention = BloomAttention(d)
        self.post_attention_layernorm = nn.LayerNorm(d.width, eps=d.eps)
        self.dense_h_to_4h = nn.Linear(d.width, 4 * d.width)
        self.dense_4h_to_h = nn.Linear(4 * d.width, d.width)

    def forward(self, x):
        x = x + self.self_attention(self.input_layernorm(x))
        h = F.gelu(self.dense_h_to_4h(self.post_attention_layernorm(x)), approximate="tanh")
        return x + self.dense_4h_to_h(h)


class Bloom(nn.Module):
    def __init__(self, d: BloomDims | None = None):
        super().__init__()
        d = d or BloomDims()
        self.word_embeddings = nn.Embedding(d.vocab, d.width)
        self.word_embeddings_layernorm = nn.LayerNorm(d.width, eps=d.eps)
        self.h = nn.ModuleList([BloomBlock(d) for _ in range(d.n_layer)])
        self.ln_f = nn.LayerNorm(d.width, eps=d.eps)
        self.lm_head = nn.Linear(d.width, d.vocab, bias=False)
        self.lm_head.weight = self.word_embeddings.weight

    def forward(self, ids):
        x = self.word_embeddings_layernorm(self.word_embeddings(ids))
        for blk in self.h:
            x = blk(x)
        return self.lm_head(self.ln_f(x))
