"""A functional Llama: every weight lives in one ParameterDict keyed by a shape table, the forward
is plain functions over it (as in our JAX port); the MLP width is the lcm of two tile sizes."""

import math

import torch
import torch.nn as nn
import torch.nn.functional as F

VOCAB, DIM, N_LAYERS, N_HEADS, N_KV_HEADS = 384, 64, 3, 4, 1
HIDDEN = math.lcm(64, 80)  # a multiple of both GEMM tile widths
NORM_EPS, ROPE_BASE = 1e-5, 10000.0
HEAD = DIM // N_HEADS


def shapes():
    table = {"tok_embeddings": (VOCAB, DIM), "norm": (DIM,), "output": (VOCAB, DIM)}
    for i in range(N_LAYERS):
        table |= {
            f"l{i}_attention_norm": (DIM,),
            f"l{i}_wq": (N_HEADS * HEAD, DIM),
            f"l{i}_wk": (N_KV_HEADS * HEAD, DIM),
            f"l{i}_wv": (N_KV_HEADS * HEAD, DIM),
            f"l{i}_wo": (DIM, N_HEADS * HEAD),
            f"l{i}_ffn_norm": (DIM,),
            f"l{i}_w1": (HIDDEN, DIM),
            f"l{i}_w3": (HIDDEN, DIM),
            f"l{i}_w2": (DIM, HIDDEN),
        }
    return table


def rms(x, w):
    return w * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + NORM_EPS)


def rope(x):
    t = x.shape[1]
    freqs = 1.0 / ROPE_BASE ** (torch.arange(0, HEAD, 2).float() / HEAD)
    ang = torch.outer(torch.arange(t).float(), freqs)[None, :, None]
    x1, x2 = x[..., : HEAD // 2], x[..., HEAD // 2 :]
    return torch.cat([x1 * ang.cos() - x2 * ang.sin(), x2 * ang.cos() + x1 * ang.sin()], -1)


def attention(p, i, x):
    b, t, _ = x.shape
    q = rope(F.linear(x, p[f"l{i}_wq"]).view(b, t, N_HEADS, HEAD))
    k = rope(F.linear(x, p[f"l{i}_wk"]).view(b, t, N_KV_HEADS, HEAD))
    v = F.linear(x, p[f"l{i}_wv"]).view(b, t, N_KV_HEADS, HEAD)
    q, k, v = (y.transpose(1, 2) for y in (q, k, v))
    o = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
    return F.linear(o.transpose(1, 2).reshape(b, t, -1), p[f"l{i}_wo"])


def feed_forward(p, i, x):
    return F.linear(F.silu(F.linear(x, p[f"l{i}_w1"])) * F.linear(x, p[f"l{i}_w3"]), p[f"l{i}_w2"])


class Transformer(nn.Module):
    def __init__(self):
        super().__init__()
        self.params = nn.ParameterDict(
            {name: nn.Parameter(torch.randn(shape) * 0.02) for name, shape in shapes().items()}
        )

    def forward(self, tokens):
        p = self.params
        x = F.embedding(tokens, p["tok_embeddings"])
        for i in range(N_LAYERS):
            x = x + attention(p, i, rms(x, p[f"l{i}_attention_norm"]))
            x = x + feed_forward(p, i, rms(x, p[f"l{i}_ffn_norm"]))
        return F.linear(rms(x, p["norm"]), p["output"])
