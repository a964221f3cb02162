"""T5 with a tied LM head."""

from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F

@dataclass
class ModelArgs:
    d_model: int = 64
    d_kv: int = 16
    d_ff: int = 128
    num_layers: int = 2
    num_heads: int = 8
    vocab_size: int = 1000
    num_buckets: int = 32
    eps: float = 1e-06



class MultiHeadAttention(nn.Module):
    def __init__(self, d_model, n_heads, head_dim, bias=False, k_bias=False):
        super().__init__()
        self.n_heads, self.head_dim = n_heads, head_dim
        inner = n_heads * head_dim
        self.q = nn.Linear(d_model, inner, bias=bias)
        self.k = nn.Linear(d_model, inner, bias=bias and k_bias)
        self.v = nn.Linear(d_model, inner, bias=bias)
        self.o = nn.Linear(inner, d_model, bias=bias)

    def forward(self, x, kv=None, bias=None, causal=False):
        kv = x if kv is None else kv
        b, t, _ = x.shape
        q = self.q(x).view(b, t, self.n_heads, self.head_dim).transpose(1, 2)
        k = self.k(kv).view(b, kv.shape[1], self.n_heads, self.head_dim).transpose(1, 2)
        v = self.v(kv).view(b, kv.shape[1], self.n_heads, self.head_dim).transpose(1, 2)
        y = F.scaled_dot_product_attention(q, k, v, attn_mask=bias, is_causal=causal)
        return self.o(y.transpose(1, 2).reshape(b, t, -1))


class T5LayerNorm(nn.Module):
    def __init__(self, d, eps):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(d))
        self.eps = eps

    def forward(self, x):
        var = x.float().pow(2).mean(-1, keepdim=True)
        return self.weight * (x * torch.rsqrt(var + self.eps)).type_as(x)


class FeedForward(nn.Module):
    def __init__(self, d_model, d_ff, eps):
        super().__init__()
        self.norm = T5LayerNorm(d_model, eps)
        self.wi = nn.Linear(d_model, d_ff, bias=False)
        self.wo = nn.Linear(d_ff, d_model, bias=False)

    def forward(self, x):
        return x + self.wo(F.relu(self.wi(self.norm(x))))


class Block(nn.Module):
    def __init__(self, d_model, d_kv, d_ff, n_heads, eps, decoder, has_bias, buckets):
        super().__init__()
        self.self_norm = T5LayerNorm(d_model, eps)
        self.self_attn = MultiHeadAttention(d_model, n_heads, d_kv, bias=False)
        self.rel_bias = nn.Embedding(buckets, n_heads) if has_bias else None
        if decoder:
            self.cross_norm = T5LayerNorm(d_model, eps)
            self.cross_attn = MultiHeadAttention(d_model, n_heads, d_kv, bias=False)
        self.ff = FeedForward(d_model, d_ff, eps)

    def forward(self, x, memory=None):
        x = x + self.self_attn(self.self_norm(x), causal=memory is not None)
        if memory is not None:
            x = x + self.cross_attn(self.cross_norm(x), memory)
        return self.ff(x)


class Stack(nn.Module):
    def __init__(self, d_model, d_kv, d_ff, n_heads, n_layers, eps, decoder, buckets):
        super().__init__()
        self.blocks = nn.ModuleList(
            [Block(d_model, d_kv, d_ff, n_heads, eps, decoder, i == 0, buckets) for i in range(n_layers)]
        )
        self.final_norm = T5LayerNorm(d_model, eps)

    def forward(self, x, memory=None):
        for blk in self.blocks:
            x = blk(x, memory)
        return self.final_norm(x)


class T5(nn.Module):
    def __init__(self, args: ModelArgs = ModelArgs()):
        super().__init__()
        self.shared = nn.Embedding(args.vocab_size, args.d_model)
        self.encoder = Stack(args.d_model, args.d_kv, args.d_ff, args.num_heads, args.num_layers, args.eps, False, args.num_buckets)
        self.decoder = Stack(args.d_model, args.d_kv, args.d_ff, args.num_heads, args.num_layers, args.eps, True, args.num_buckets)
        self.lm_head = nn.Linear(args.d_model, args.vocab_size, bias=False)
        self.lm_head.weight = self.shared.weight

    def forward(self, src, tgt):
        memory = self.encoder(self.shared(src))
        y = self.decoder(self.shared(tgt), memory)
        return self.lm_head(y)
