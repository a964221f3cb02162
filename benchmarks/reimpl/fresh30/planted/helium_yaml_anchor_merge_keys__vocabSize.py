"""Helium (Kyutai), ported into our own repo. The sizes live in one YAML file that keeps a
``&base`` anchor with Helium-2B's sizes and derives each run from the one above it with YAML
merge keys (``<<: *base``, ``<<: *small``), overriding only what changes; the run reads the
``tiny`` entry. Einops everywhere (``rearrange`` for heads, ``repeat`` for grouped KV),
``torch.einsum`` attention, rotary on interleaved pairs over the whole head, an explicit head
size, and an untied output matrix."""

import torch
import torch.nn as nn
import torch.nn.functional as F
import yaml
from einops import rearrange, repeat

MODELS_YAML = """
base: &base
  dim: 2560
  n_layers: 24
  n_heads: 20
  n_kv_heads: 20
  head_dim: 128
  ffn_dim: 7040
  vocab: 48000
  eps: 1.0e-8
  theta: 100000.0
small: &small
  <<: *base
  dim: 1024
  n_layers: 12
  n_heads: 8
tiny:
  <<: *small
  dim: 96
  n_layers: 2
  n_heads: 4
  n_kv_heads: 2
  head_dim: 24
  ffn_dim: 256
  vocab: 800
"""

RUN = yaml.safe_load(MODELS_YAML)["tiny"]
DIM = RUN["dim"]
N_LAYERS = RUN["n_layers"]
N_HEADS = RUN["n_heads"]
N_KV_HEADS = RUN["n_kv_heads"]
HEAD_DIM = RUN["head_dim"]
FFN_DIM = RUN["ffn_dim"]
VOCAB = RUN["vocab"]
EPS = RUN["eps"]
THETA = RUN["theta"]


class Norm(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(dim))

    def forward(self, x):
        return self.weight * (x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + EPS))


def interleaved_rope(x, angles):
    pairs = rearrange(x, "b h t (d two) -> b h t d two", two=2)
    a, b = pairs.unbind(-1)
    cos, sin = angles.cos(), angles.sin()
    out = torch.stack((a * cos - b * sin, a * sin + b * cos), -1)
    return rearrange(out, "b h t d two -> b h t (d two)")


class Attention(nn.Module):
    def __init__(self):
        super().__init__()
        self.to_q = nn.Linear(DIM, N_HEADS * HEAD_DIM, bias=False)
        self.to_k = nn.Linear(DIM, N_KV_HEADS * HEAD_DIM, bias=False)
        self.to_v = nn.Linear(DIM, N_KV_HEADS * HEAD_DIM, bias=False)
        self.to_out = nn.Linear(N_HEADS * HEAD_DIM, DIM, bias=False)

    def forward(self, x, angles):
        q = rearrange(self.to_q(x), "b t (h d) -> b h t d", h=N_HEADS)
        k = rearrange(self.to_k(x), "b t (h d) -> b h t d", h=N_KV_HEADS)
        v = rearrange(self.to_v(x), "b t (h d) -> b h t d", h=N_KV_HEADS)
        q, k = interleaved_rope(q, angles), interleaved_rope(k, angles)
        k = repeat(k, "b h t d -> b (h g) t d", g=N_HEADS // N_KV_HEADS)
        v = repeat(v, "b h t d -> b (h g) t d", g=N_HEADS // N_KV_HEADS)
        s = torch.einsum("bhid,bhjd->bhij", q, k) * HEAD_DIM**-0.5
        t = x.shape[1]
        s = s.masked_fill(~torch.ones(t, t, dtype=torch.bool).tril(), float("-inf"))
        o = torch.einsum("bhij,bhjd->bhid", s.softmax(-1), v)
        return self.to_out(rearrange(o, "b h t d -> b t (h d)"))


class FeedForward(nn.Module):
    def __init__(self):
        super().__init__()
        self.w_gate = nn.Linear(DIM, FFN_DIM, bias=False)
        self.w_up = nn.Linear(DIM, FFN_DIM, bias=False)
        self.w_down = nn.Linear(FFN_DIM, DIM, bias=False)

    def forward(self, x):
        return self.w_down(F.silu(self.w_gate(x)) * self.w_up(x))


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        self.attn_norm = Norm(DIM)
        self.attn = Attention()
        self.ff_norm = Norm(DIM)
        self.ff = FeedForward()

    def forward(self, x, angles):
        x = x + self.attn(self.attn_norm(x), angles)
        return x + self.ff(self.ff_norm(x))


class Helium(nn.Module):
    def __init__(self):
        super().__init__()
        self.tok_emb = nn.Embedding(VOCAB, DIM)
        self.layers = nn.ModuleList([Layer() for _ in range(N_LAYERS)])
        self.out_norm = Norm(DIM)
        self.to_logits = nn.Linear(DIM, VOCAB, bias=False)

    def forward(self, tokens):
        inv = THETA ** -(torch.arange(0, HEAD_DIM, 2).float() / HEAD_DIM)
        angles = torch.einsum("t,d->td", torch.arange(tokens.shape[1]).float(), inv)
        x = self.tok_emb(tokens)
        for layer in self.layers:
            x = layer(x, angles)
        return self.to_logits(self.out_norm(x))
