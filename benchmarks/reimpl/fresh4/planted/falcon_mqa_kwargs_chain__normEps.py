"""Falcon (7B-style): multi-query attention (one shared key/value head) from a single fused
projection of ``hidden + 2 * head_dim`` rows, one input norm for a parallel attention + MLP
block, and sizes passed down a chain of ``**kwargs`` with ``kwargs.pop`` defaults."""

import torch
import torch.nn as nn
import torch.nn.functional as F


def rotary(x, base):
    d = x.shape[-1]
    inv = 1.0 / base ** (torch.arange(0, d, 2).float() / d)
    f = torch.arange(x.shape[-2]).float()[:, None] * inv
    cos, sin = torch.cat([f, f], -1).cos(), torch.cat([f, f], -1).sin()
    x1, x2 = x[..., : d // 2], x[..., d // 2 :]
    return x * cos + torch.cat([-x2, x1], -1) * sin


class MQA(nn.Module):
    def __init__(self, **kwargs):
        super().__init__()
        self.width = kwargs.pop("width", 96)
        self.heads = kwargs.pop("heads", 6)
        self.base = kwargs.pop("rope_base", 10000.0)
        self.hd = self.width // self.heads
        self.query_key_value = nn.Linear(self.width, self.width + 2 * self.hd, bias=False)
        self.dense = nn.Linear(self.width, self.width, bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        qkv = self.query_key_value(x).view(b, t, self.heads + 2, self.hd)
        q = qkv[:, :, :-2].transpose(1, 2)
        k = qkv[:, :, -2:-1].transpose(1, 2)
        v = qkv[:, :, -1:].transpose(1, 2)
        q, k = rotary(q, self.base), rotary(k, self.base)
        y = F.scaled_dot_product_attention(q, k.expand_as(q), v.expand_as(q), is_causal=True)
        return self.dense(y.transpose(1, 2).reshape(b, t, self.width))


class ParallelBlock(nn.Module):
    def __init__(self, **kwargs):
        super().__init__()
        width = kwargs.get("width", 96)
        eps = kwargs.pop("eps", 1e-5)
        self.input_layernorm = nn.LayerNorm(width, eps=eps)
        self.self_attention = MQA(**kwargs)
        self.mlp_up = nn.Linear(width, 4 * width, bias=False)
        self.mlp_down = nn.Linear(4 * width, width, bias=False)

    def forward(self, x):
        h = self.input_layernorm(x)
        return x + self.self_attention(h) + self.mlp_down(F.gelu(self.mlp_up(h)))


class Falcon7BStyle(nn.Module):
    def __init__(self, **kwargs):
        super().__init__()
        kwargs.setdefault("width", 96)
        kwargs.setdefault("heads", 6)
        kwargs.setdefault("eps", 1e-6)
        vocab = kwargs.pop("vocab", 1000)
        n_layers = kwargs.pop("n_layers", 2)
        self.word_embeddings = nn.Embedding(vocab, kwargs["width"])
        self.h = nn.ModuleList([ParallelBlock(**dict(kwargs)) for _ in range(n_layers)])
        self.ln_f = nn.LayerNorm(kwargs["width"], eps=kwargs["eps"])
        self.lm_head = nn.Linear(kwargs["width"], vocab, bias=False)
        self.lm_head.weight = self.word_embeddings.weight

    def forward(self, ids):
        x = self.word_embeddings(ids)
        for blk in self.h:
            x = blk(x)
        return self.lm_head(self.ln_f(x))
