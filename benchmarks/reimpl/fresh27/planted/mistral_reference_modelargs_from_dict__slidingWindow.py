"""A tiny Mistral in the style of Mistral's reference inference code: a ``ModelArgs`` dataclass
with no defaults for the sizes, filled by ``ModelArgs.from_dict`` from the checkpoint folder's
``params.json`` (pasted here), keys that are not fields (``max_seq_len``) dropped by a
``dataclasses.fields`` filter; the model reads ``vars(args)``. Grouped key/value heads, rotary
positions, sliding-window causal attention on every layer, SiLU-gated MLP, RMSNorm, untied
output."""

from __future__ import annotations

import json
from dataclasses import dataclass, fields

import torch
import torch.nn.functional as F
from torch import nn


@dataclass
class ModelArgs:
    dim: int
    n_layers: int
    hidden_dim: int
    n_heads: int
    n_kv_heads: int
    norm_eps: float
    vocab_size: int
    rope_theta: float = 10000.0
    sliding_window: int | None = None
    max_batch_size: int = 0

    @classmethod
    def from_dict(cls, params: dict) -> ModelArgs:
        names = {f.name for f in fields(cls)}
        return cls(**{k: v for k, v in params.items() if k in names})


PARAMS_JSON = """{
    "dim": 64,
    "n_layers": 2,
    "hidden_dim": 160,
    "n_heads": 4,
    "n_kv_heads": 1,
    "norm_eps": 1e-05,
    "sliding_window": 4,
    "vocab_size": 96,
    "rope_theta": 10000.0,
    "max_seq_len": 128
}"""
args = ModelArgs.from_dict(json.loads(PARAMS_JSON))
P = vars(args)


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
