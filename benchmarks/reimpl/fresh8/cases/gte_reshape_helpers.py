"""A multilingual embedding encoder (RoPE instead of learned positions, gated GELU MLP,
post-norm). Head splitting goes through two tiny reshape helpers instead of einops, the way
code is left after einops is dropped as a dependency."""

import math

import torch
import torch.nn as nn
import torch.nn.functional as F

VOCAB, WIDTH, DEPTH, HEADS, FFN, TYPES = 1000, 64, 2, 4, 192, 1
ROPE_THETA, EPS = 160000.0, 1e-12


def split_heads(x, heads):
    """b t (h d) -> b h t d"""
    b, t, hd = x.shape
    return x.view(b, t, heads, hd // heads).permute(0, 2, 1, 3)


def merge_heads(x):
    """b h t d -> b t (h d)"""
    b, h, t, d = x.shape
    return x.permute(0, 2, 1, 3).reshape(b, t, h * d)


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        self.q_proj = nn.Linear(WIDTH, WIDTH)
        self.k_proj = nn.Linear(WIDTH, WIDTH)
        self.v_proj = nn.Linear(WIDTH, WIDTH)
        self.o_proj = nn.Linear(WIDTH, WIDTH)
        self.attn_norm = nn.LayerNorm(WIDTH, eps=EPS)
        self.gate_proj = nn.Linear(WIDTH, FFN, bias=False)
        self.up_proj = nn.Linear(WIDTH, FFN, bias=False)
        self.down_proj = nn.Linear(FFN, WIDTH)
        self.mlp_norm = nn.LayerNorm(WIDTH, eps=EPS)

    def forward(self, x, cos, sin, bias):
        q, k, v = (split_heads(f(x), HEADS) for f in (self.q_proj, self.k_proj, self.v_proj))
        half = q.shape[-1] // 2
        q = q * cos + torch.cat((-q[..., half:], q[..., :half]), -1) * sin
        k = k * cos + torch.cat((-k[..., half:], k[..., :half]), -1) * sin
        s = q @ k.transpose(-1, -2) / math.sqrt(q.shape[-1]) + bias
        x = self.attn_norm(x + self.o_proj(merge_heads(s.softmax(-1) @ v)))
        h = self.down_proj(F.gelu(self.gate_proj(x)) * self.up_proj(x))
        return self.mlp_norm(x + h)


class GteEncoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.word_embeddings = nn.Embedding(VOCAB, WIDTH, padding_idx=1)
        self.token_type_embeddings = nn.Embedding(TYPES, WIDTH)
        self.emb_norm = nn.LayerNorm(WIDTH, eps=EPS)
        self.layers = nn.ModuleList(Layer() for _ in range(DEPTH))

    def forward(self, ids, types, mask):
        t = ids.shape[1]
        x = self.emb_norm(self.word_embeddings(ids) + self.token_type_embeddings(types))
        d = WIDTH // HEADS
        inv = ROPE_THETA ** (-torch.arange(0, d, 2).float() / d)
        a = torch.outer(torch.arange(t).float(), inv).repeat(1, 2)
        bias = (~mask[:, None, None, :]).float() * -1e9
        for layer in self.layers:
            x = layer(x, a.cos(), a.sin(), bias)
        return x
