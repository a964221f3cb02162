"""A tiny Llama written the way a "from scratch" notebook writes it: the sizes are module
constants, passed to a ``ModelArgs`` dataclass whose defaults are Llama-2-7B's; the decoder
stack is built layer by layer, one ``add_module`` per letter of a layer-spec string (``"D"`` =
one decoder block); each attention's four projection matrices live in ONE flat parameter,
sliced into ``q`` / ``k`` / ``v`` / ``o`` views at run time. Grouped key/value heads, rotary
positions, SwiGLU, RMSNorm, untied output, no biases."""

from __future__ import annotations

from dataclasses import dataclass

import torch
import torch.nn.functional as F
from torch import nn

DIM = 64
N_HEADS = 8
N_KV_HEADS = 2
VOCAB_SIZE = 96
FFN_DIM = 128
NORM_EPS = 1e-06
ROPE_THETA = 10000.0
LAYER_SPEC = "D D"  # one letter per decoder block


@dataclass
class ModelArgs:
    dim: int = 4096
    n_layers: int = 32
    n_heads: int = 32
    n_kv_heads: int = 32
    vocab_size: int = 32000
    hidden_dim: int = 11008
    norm_eps: float = 1e-05
    rope_theta: float = 10000.0


ARGS = ModelArgs(
    dim=DIM,
    n_layers=len(LAYER_SPEC.split()),
    n_heads=N_HEADS,
    n_kv_heads=N_KV_HEADS,
    vocab_size=VOCAB_SIZE,
    hidden_dim=FFN_DIM,
    norm_eps=NORM_EPS,
    rope_theta=ROPE_THETA,
)


class RMSNorm(nn.Module):
    def __init__(self, dim: int, eps: float) -> None:
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(dim))

    def forward(self, x):
        return self.weight * (x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps))


def rotate(x, theta: float):
    t, d = x.shape[-2], x.shape[-1]
    inv = 1.0 / (theta ** (torch.arange(0, d, 2).float() / d))
    ang = torch.outer(torch.arange(t).float(), inv).repeat(1, 2)
    half = d // 2
    return x * ang.cos() + torch.cat([-x[..., half:], x[..., :half]], -1) * ang.sin()


class Attention(nn.Module):
    def __init__(self, args: ModelArgs) -> None:
        super().__init__()
        self.dim = args.dim
        self.n_heads, self.n_kv_heads = args.n_heads, args.n_kv_heads
        self.head_dim = args.dim // args.n_heads
        self.theta = args.rope_theta
        # rows of q, k, v ([rows, dim] each) and of o ([dim, n_heads * head_dim] = [dim, dim])
        self.rows = [
            self.n_heads * self.head_dim,
            self.n_kv_heads * self.head_dim,
            self.n_kv_heads * self.head_dim,
            args.dim,
        ]
        self.flat_weight = nn.Parameter(torch.randn(sum(self.rows) * args.dim) * 0.02)

    def views(self):
        return self.flat_weight.view(-1, self.dim).split(self.rows, 0)

    def forward(self, x):
        b, t, _ = x.shape
        wq, wk, wv, wo = self.views()
        q = F.linear(x, wq).view(b, t, self.n_heads, self.head_dim).transpose(1, 2)
        k = F.linear(x, wk).view(b, t, self.n_kv_heads, self.head_dim).transpose(1, 2)
        v = F.linear(x, wv).view(b, t, self.n_kv_heads, self.head_dim).transpose(1, 2)
        q, k = rotate(q, self.theta), rotate(k, self.theta)
        rep = self.n_heads // self.n_kv_heads
        k, v = k.repeat_interleave(rep, 1), v.repeat_interleave(rep, 1)
        o = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return F.linear(o.transpose(1, 2).reshape(b, t, -1), wo)


class FeedForward(nn.Module):
    def __init__(self, args: ModelArgs) -> None:
        super().__init__()
        self.w1 = nn.Linear(args.dim, args.hidden_dim, bias=False)
        self.w3 = nn.Linear(args.dim, args.hidden_dim, bias=False)
        self.w2 = nn.Linear(args.hidden_dim, args.dim, bias=False)

    def forward(self, x):
        return self.w2(F.silu(self.w1(x)) * self.w3(x))


class TransformerBlock(nn.Module):
    def __init__(self, args: ModelArgs) -> None:
        super().__init__()
        self.attention_norm = RMSNorm(args.dim, args.norm_eps)
        self.attention = Attention(args)
        self.ffn_norm = RMSNorm(args.dim, args.norm_eps)
        self.feed_forward = FeedForward(args)

    def forward(self, x):
        x = x + self.attention(self.attention_norm(x))
        return x + self.feed_forward(self.ffn_norm(x))


class Transformer(nn.Module):
    def __init__(self, args: ModelArgs = ARGS, spec: str = LAYER_SPEC) -> None:
        super().__init__()
        self.tok_embeddings = nn.Embedding(args.vocab_size, args.dim)
        self.layers = nn.Module()
        for i, kind in enumerate(spec.split()):
            if kind != "D":
                raise ValueError(f"unknown layer kind {kind!r}")
            self.layers.add_module(str(i), TransformerBlock(args))
        self.norm = RMSNorm(args.dim, args.norm_eps)
        self.output = nn.Linear(args.dim, args.vocab_size, bias=False)

    def forward(self, ids):
        x = self.tok_embeddings(ids)
        for layer in self.layers.children():
            x = layer(x)
        return self.output(self.norm(x))
