"""A tiny Qwen3 whose sizes live in an RFC 822 header block (``Name: value`` lines, like a
package's ``PKG-INFO`` / ``METADATA`` file) read by the standard library's
``email.message_from_string``; values are strings, converted where used. Per-head RMSNorm on queries and keys before the rotary
positions, grouped key/value heads repeated with ``repeat_interleave``, untied output."""

from __future__ import annotations

import email

import torch
import torch.nn.functional as F
from torch import nn

METADATA = """\
Metadata-Version: 2.1
Name: qwen3-tiny
Vocab-Size: 96
Hidden-Width: 64
Num-Layers: 2
Num-Heads: 8
Num-KV-Heads: 2
Head-Dim: 16
FFN-Width: 128
Norm-Eps: 1e-06
Rope-Base: 10000.0

A tiny Qwen3 for unit tests.
"""

MSG = email.message_from_string(METADATA)


def getint(key: str) -> int:
    return int(MSG[key])


def getfloat(key: str) -> float:
    return float(MSG[key])


class RMSNorm(nn.Module):
    def __init__(self, dim: int, eps: float) -> None:
        super().__init__()
        self.weight = nn.Parameter(torch.ones(dim))
        self.eps = eps

    def forward(self, x):
        return self.weight * (x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps))


def rope(x, base: float):
    t, d = x.shape[-2], x.shape[-1]
    inv = 1.0 / (base ** (torch.arange(0, d, 2).float() / d))
    ang = torch.outer(torch.arange(t).float(), inv)
    ang = torch.cat([ang, ang], -1)
    turned = torch.cat([-x[..., d // 2 :], x[..., : d // 2]], -1)
    return x * ang.cos() + turned * ang.sin()


class Attention(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.h = getint("Num-Heads")
        self.kv = getint("Num-KV-Heads")
        self.hd = getint("Head-Dim")
        w = getint("Hidden-Width")
        eps = getfloat("Norm-Eps")
        self.q_proj = nn.Linear(w, self.h * self.hd, bias=False)
        self.k_proj = nn.Linear(w, self.kv * self.hd, bias=False)
        self.v_proj = nn.Linear(w, self.kv * self.hd, bias=False)
        self.o_proj = nn.Linear(self.h * self.hd, w, bias=False)
        self.q_norm = RMSNorm(self.hd, eps)
        self.k_norm = RMSNorm(self.hd, eps)

    def forward(self, x):
        b, t, _ = x.shape
        base = getfloat("Rope-Base")
        q = self.q_norm(self.q_proj(x).view(b, t, self.h, self.hd)).transpose(1, 2)
        k = self.k_norm(self.k_proj(x).view(b, t, self.kv, self.hd)).transpose(1, 2)
        v = self.v_proj(x).view(b, t, self.kv, self.hd).transpose(1, 2)
        q, k = rope(q, base), rope(k, base)
        k = k.repeat_interleave(self.h // self.kv, dim=1)
        v = v.repeat_interleave(self.h // self.kv, dim=1)
        o = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.o_proj(o.transpose(1, 2).reshape(b, t, -1))


class Layer(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        w, f, eps = getint("Hidden-Width"), getint("FFN-Width"), getfloat("Norm-Eps")
        self.input_layernorm = RMSNorm(w, eps)
        self.self_attn = Attention()
        self.post_attention_layernorm = RMSNorm(w, eps)
        self.gate_proj = nn.Linear(w, f, bias=False)
        self.up_proj = nn.Linear(w, f, bias=False)
        self.down_proj = nn.Linear(f, w, bias=False)

    def forward(self, x):
        x = x + self.self_attn(self.input_layernorm(x))
        h = self.post_attention_layernorm(x)
        return x + self.down_proj(F.silu(self.gate_proj(h)) * self.up_proj(h))


class Qwen3FromMetadata(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        w = getint("Hidden-Width")
        self.embed = nn.Embedding(getint("Vocab-Size"), w)
        self.layers = nn.ModuleList(Layer() for _ in range(getint("Num-Layers")))
        self.norm = RMSNorm(w, getfloat("Norm-Eps"))
        self.lm_head = nn.Linear(w, getint("Vocab-Size"), bias=False)

    def forward(self, ids):
        x = self.embed(ids)
        for layer in self.layers:
            x = layer(x)
        return self.lm_head(self.norm(x))
