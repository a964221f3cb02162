"""T5: one Stack class for encoder and decoder (is_decoder flag), the relative position bias
an nn.Embedding in the first layer of each stack only, scale-only RMS norms, a ReLU FFN, the
LM head tied to the shared embedding."""

import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class T5Norm(nn.Module):
    def __init__(self, d, eps=1e-6):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(d))
        self.eps = eps

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps)


class Attention(nn.Module):
    def __init__(self, d_model, n_heads, d_kv, relative_bias, buckets):
        super().__init__()
        inner = n_heads * d_kv
        self.n_heads, self.d_kv = n_heads, d_kv
        self.q = nn.Linear(d_model, inner, bias=False)
        self.k = nn.Linear(d_model, inner, bias=False)
        self.v = nn.Linear(d_model, inner, bias=False)
        self.o = nn.Linear(inner, d_model, bias=False)
        self.rel = nn.Embedding(buckets, n_heads) if relative_bias else None

    def forward(self, x, kv=None, bias=None):
        kv = x if kv is None else kv
        b, t, _ = x.shape
        s = kv.shape[1]
        q = self.q(x).view(b, t, self.n_heads, self.d_kv).transpose(1, 2)
        k = self.k(kv).view(b, s, self.n_heads, self.d_kv).transpose(1, 2)
        v = self.v(kv).view(b, s, self.n_heads, self.d_kv).transpose(1, 2)
        scores = q @ k.transpose(-1, -2)
        if bias is not None:
            scores = scores + bias
        a = F.softmax(scores.float(), dim=-1).type_as(q) @ v
        return self.o(a.transpose(1, 2).reshape(b, t, -1))


class Layer(nn.Module):
    def __init__(self, d_model, n_heads, d_kv, d_ff, buckets, is_decoder, first):
        super().__init__()
        self.self_norm = T5Norm(d_model)
        self.self_attn = Attention(d_model, n_heads, d_kv, first, buckets)
        if is_decoder:
            self.cross_norm = T5Norm(d_model)
            self.cross_attn = Attention(d_model, n_heads, d_kv, False, buckets)
        self.ff_norm = T5Norm(d_model)
        self.wi = nn.Linear(d_model, d_ff, bias=False)
        self.wo = nn.Linear(d_ff, d_model, bias=False)
        self.is_decoder = is_decoder

    def forward(self, x, memory=None):
        x = x + self.self_attn(self.self_norm(x))
        if self.is_decoder:
            x = x + self.cross_attn(self.cross_norm(x), memory)
        return x + self.wo(F.relu(self.wi(self.ff_norm(x))))


class Stack(nn.Module):
    def __init__(self, n_layers, d_model, n_heads, d_kv, d_ff, buckets, is_decoder):
        super().__init__()
        self.layers = nn.ModuleList(
            [Layer(d_model, n_heads, d_kv, d_ff, buckets, is_decoder, i == 0) for i in range(n_layers)]
        )
        self.final_norm = T5Norm(d_model)

    def forward(self, x, memory=None):
        for layer in self.layers:
            x = layer(x, memory)
        return self.final_norm(x)


class T5(nn.Module):
    def __init__(self, vocab=800, d_model=48, n_heads=4, d_kv=12, d_ff=128, n_layers=2, buckets=16):
        super().__init__()
        self.d_model = d_model
        self.shared = nn.Embedding(vocab, d_model)
        self.encoder = Stack(n_layers, d_model, n_heads, d_kv, d_ff, buckets, False)
        self.decoder = Stack(n_layers, d_model, n_heads, d_kv, d_ff, buckets, True)

    def forward(self, src, tgt):
        memory = self.encoder(self.shared(src))
        h = self.decoder(self.shared(tgt), memory)
        return F.linear(h * (self.d_model**-0.5), self.shared.weight)
