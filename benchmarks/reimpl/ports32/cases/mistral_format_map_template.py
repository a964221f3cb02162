"""A tiny Mistral whose ``params.json`` is rendered from a text template with
``str.format_map`` (the launcher fills the run's sizes into the template it ships) and read
back with ``json.loads``. RMSNorm, grouped key/value heads with rotary positions, sliding-window
causal attention, SwiGLU, untied output."""

from __future__ import annotations

import json

import torch
import torch.nn.functional as F
from torch import nn

PARAMS_TEMPLATE = """{{
  "dim": {width},
  "n_layers": {depth},
  "head_dim": {head},
  "hidden_dim": {ffn},
  "n_heads": {heads},
  "n_kv_heads": {kv},
  "norm_eps": {eps},
  "sliding_window": {window},
  "vocab_size": {vocab},
  "rope_theta": {theta}
}}"""
SIZES = dict(
    width=64,
    depth=2,
    heads=4,
    kv=1,
    ffn=160,
    eps=1e-05,
    window=16,
    vocab=96,
    theta=10000.0,
)
SIZES["head"] = SIZES["width"] // SIZES["heads"]
P = json.loads(PARAMS_TEMPLATE.format_map(SIZES))


class RMSNorm(nn.Module):
    def __init__(self, dim: int) -> None:
        super().__init__()
        self.weight = nn.Parameter(torch.ones(dim))

    def forward(self, x):
        return self.weight * (x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + P["norm_eps"]))


class Attention(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        d = P["dim"]
        self.h, self.kv = P["n_heads"], P["n_kv_heads"]
        self.hd = d // self.h
        self.wq = nn.Linear(d, self.h * self.hd, bias=False)
        self.wk = nn.Linear(d, self.kv * self.hd, bias=False)
        self.wv = nn.Linear(d, self.kv * self.hd, bias=False)
        self.wo = nn.Linear(self.h * self.hd, d, bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        inv = 1.0 / (P["rope_theta"] ** (torch.arange(0, self.hd, 2).float() / self.hd))
        ang = torch.outer(torch.arange(t).float(), inv).repeat(1, 2)
        cos, sin = ang.cos(), ang.sin()

        def rot(z):
            half = z.shape[-1] // 2
            return z * cos + torch.cat([-z[..., half:], z[..., :half]], -1) * sin

        q = rot(self.wq(x).view(b, t, self.h, self.hd).transpose(1, 2))
        k = rot(self.wk(x).view(b, t, self.kv, self.hd).transpose(1, 2))
        v = self.wv(x).view(b, t, self.kv, self.hd).transpose(1, 2)
        k = k.repeat_interleave(self.h // self.kv, 1)
        v = v.repeat_interleave(self.h // self.kv, 1)
        i = torch.arange(t)
        dist = i[:, None] - i[None, :]
        mask = (dist >= 0) & (dist < P["sliding_window"])
        o = F.scaled_dot_product_attention(q, k, v, attn_mask=mask)
        return self.wo(o.transpose(1, 2).reshape(b, t, -1))


class Layer(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        d, f = P["dim"], P["hidden_dim"]
        self.attention_norm = RMSNorm(d)
        self.attention = Attention()
        self.ffn_norm = RMSNorm(d)
        self.w1 = nn.Linear(d, f, bias=False)
        self.w3 = nn.Linear(d, f, bias=False)
        self.w2 = nn.Linear(f, d, bias=False)

    def forward(self, x):
        x = x + self.attention(self.attention_norm(x))
        h = self.ffn_norm(x)
        return x + self.w2(F.silu(self.w1(h)) * self.w3(h))


class MistralPlist(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.tok_embeddings = nn.Embedding(P["vocab_size"], P["dim"])
        self.layers = nn.ModuleList(Layer() for _ in range(P["n_layers"]))
        self.norm = RMSNorm(P["dim"])
        self.output = nn.Linear(P["dim"], P["vocab_size"], bias=False)

    def forward(self, ids):
        x = self.tok_embeddings(ids)
        for layer in self.layers:
            x = layer(x)
        return self.output(self.norm(x))
