"""Mistral: the reference repo's shape (a ``params.json``-like dict loaded into ModelArgs with
``ModelArgs(**PARAMS)``), an explicit head_dim that is not dim // n_heads, a sliding-window
mask built only when the sequence is longer than the window (SDPA ``is_causal`` otherwise),
``repeat_kv`` through ``torch.repeat_interleave``, and an untied output layer."""

from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F

PARAMS = {
    "dim": 96,
    "n_layers": 2,
    "head_dim": 16,
    "hidden_dim": 256,
    "n_heads": 6,
    "n_kv_heads": 2,
    "norm_eps": 1e-05,
    "sliding_window": 128,
    "vocab_size": 640,
    "rope_theta": 10000.0,
}


@dataclass
class ModelArgs:
    dim: int
    n_layers: int
    head_dim: int
    hidden_dim: int
    n_heads: int
    n_kv_heads: int
    norm_eps: float
    sliding_window: int
    vocab_size: int
    rope_theta: float


def repeat_kv(k, v, repeats, dim):
    return torch.repeat_interleave(k, repeats, dim=dim), torch.repeat_interleave(
        v, repeats, dim=dim
    )


class RMSNorm(nn.Module):
    def __init__(self, dim, eps):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(dim))

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps)


class Attention(nn.Module):
    def __init__(self, args: ModelArgs):
        super().__init__()
        self.args = args
        self.wq = nn.Linear(args.dim, args.n_heads * args.head_dim, bias=False)
        self.wk = nn.Linear(args.dim, args.n_kv_heads * args.head_dim, bias=False)
        self.wv = nn.Linear(args.dim, args.n_kv_heads * args.head_dim, bias=False)
        self.wo = nn.Linear(args.n_heads * args.head_dim, args.dim, bias=False)

    def forward(self, x, cos, sin):
        a = self.args
        b, t, _ = x.shape
        q = self.wq(x).view(b, t, a.n_heads, a.head_dim).transpose(1, 2)
        k = self.wk(x).view(b, t, a.n_kv_heads, a.head_dim).transpose(1, 2)
        v = self.wv(x).view(b, t, a.n_kv_heads, a.head_dim).transpose(1, 2)
        h = a.head_dim // 2
        q = q * cos + torch.cat([-q[..., h:], q[..., :h]], -1) * sin
        k = k * cos + torch.cat([-k[..., h:], k[..., :h]], -1) * sin
        k, v = repeat_kv(k, v, a.n_heads // a.n_kv_heads, dim=1)
        if t <= a.sliding_window:
            y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        else:
            i = torch.arange(t)
            mask = (i[None] <= i[:, None]) & (i[:, None] - i[None] < a.sliding_window)
            y = F.scaled_dot_product_attention(q, k, v, attn_mask=mask)
        return self.wo(y.transpose(1, 2).reshape(b, t, -1))


class TransformerBlock(nn.Module):
    def __init__(self, args: ModelArgs):
        super().__init__()
        self.attention = Attention(args)
        self.attention_norm = RMSNorm(args.dim, args.norm_eps)
        self.ffn_norm = RMSNorm(args.dim, args.norm_eps)
        self.w1 = nn.Linear(args.dim, args.hidden_dim, bias=False)
        self.w2 = nn.Linear(args.hidden_dim, args.dim, bias=False)
        self.w3 = nn.Linear(args.dim, args.hidden_dim, bias=False)

    def forward(self, x, cos, sin):
        x = x + self.attention(self.attention_norm(x), cos, sin)
        h = self.ffn_norm(x)
        return x + self.w2(F.silu(self.w1(h)) * self.w3(h))


class Transformer(nn.Module):
    def __init__(self, args: ModelArgs | None = None):
        super().__init__()
        self.args = args = args or ModelArgs(**PARAMS)
        self.tok_embeddings = nn.Embedding(args.vocab_size, args.dim)
        self.layers = nn.ModuleList([TransformerBlock(args) for _ in range(args.n_layers)])
        self.norm = RMSNorm(args.dim, args.norm_eps)
        self.output = nn.Linear(args.dim, args.vocab_size, bias=False)

    def forward(self, ids):
        a = self.args
        t = ids.shape[1]
        inv = 1.0 / a.rope_theta ** (torch.arange(0, a.head_dim, 2).float() / a.head_dim)
        f = torch.outer(torch.arange(t).float(), inv)
        cos, sin = torch.cat([f, f], -1).cos(), torch.cat([f, f], -1).sin()
        h = self.tok_embeddings(ids)
        for layer in self.layers:
            h = layer(h, cos, sin)
        return self.output(self.norm(h))
