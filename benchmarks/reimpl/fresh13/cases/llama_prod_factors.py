"""Llama with grouped-query attention whose sizes are products of factors (math.prod), the way
our hardware notes write them (tile x lanes x ...)."""

import math

import torch
import torch.nn.functional as F
from torch import nn

VOCAB = math.prod((2, 4, 64))  # 512
D_MODEL = math.prod((4, 16))  # 64
N_HEADS = math.prod((2, 2))  # 4
N_KV = math.prod((1, 1))  # 1
FF = math.prod((3, 64))  # 192
N_LAYERS = math.prod((3,))  # 3


class Attention(nn.Module):
    def __init__(self):
        super().__init__()
        self.hd = D_MODEL // N_HEADS
        self.wq = nn.Linear(D_MODEL, N_HEADS * self.hd, bias=False)
        self.wkv = nn.Linear(D_MODEL, 2 * N_KV * self.hd, bias=False)
        self.wo = nn.Linear(N_HEADS * self.hd, D_MODEL, bias=False)

    def forward(self, x, freqs):
        b, t, _ = x.shape
        q = self.wq(x).view(b, t, N_HEADS, self.hd)
        k, v = self.wkv(x).view(b, t, 2, N_KV, self.hd).unbind(2)
        q = torch.view_as_real(
            torch.view_as_complex(q.float().reshape(b, t, N_HEADS, -1, 2)) * freqs
        ).flatten(3)
        k = torch.view_as_real(
            torch.view_as_complex(k.float().reshape(b, t, N_KV, -1, 2)) * freqs
        ).flatten(3)
        q, k, v = q.transpose(1, 2), k.transpose(1, 2), v.transpose(1, 2)
        o = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        return self.wo(o.transpose(1, 2).reshape(b, t, -1))


class FeedForward(nn.Module):
    def __init__(self):
        super().__init__()
        self.w1, self.w3 = nn.Linear(D_MODEL, FF, bias=False), nn.Linear(D_MODEL, FF, bias=False)
        self.w2 = nn.Linear(FF, D_MODEL, bias=False)

    def forward(self, x):
        return self.w2(F.silu(self.w1(x)) * self.w3(x))


class TransformerBlock(nn.Module):
    def __init__(self):
        super().__init__()
        self.attention, self.feed_forward = Attention(), FeedForward()
        self.attention_norm = nn.RMSNorm(D_MODEL, eps=1e-5)
        self.ffn_norm = nn.RMSNorm(D_MODEL, eps=1e-5)

    def forward(self, x, freqs):
        x = x + self.attention(self.attention_norm(x), freqs)
        return x + self.feed_forward(self.ffn_norm(x))


class Transformer(nn.Module):
    def __init__(self):
        super().__init__()
        self.tok_embeddings = nn.Embedding(VOCAB, D_MODEL)
        self.layers = nn.ModuleList(TransformerBlock() for _ in range(N_LAYERS))
        self.norm = nn.RMSNorm(D_MODEL, eps=1e-5)
        self.output = nn.Linear(D_MODEL, VOCAB, bias=False)

    def forward(self, ids):
        hd = D_MODEL // N_HEADS
        freqs = 1.0 / (500000.0 ** (torch.arange(0, hd, 2).float() / hd))
        freqs = torch.polar(
            torch.ones(ids.shape[1], hd // 2),
            torch.outer(torch.arange(ids.shape[1]).float(), freqs),
        )
        x = self.tok_embeddings(ids)
        for layer in self.layers:
            x = layer(x, freqs[:, None])
        return self.output(self.norm(x))
