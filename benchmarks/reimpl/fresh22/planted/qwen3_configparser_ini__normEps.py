"""A tiny Qwen3 whose sizes live in an INI block read by the standard library's ``configparser``
(``[model]`` section, values by ``getint`` / ``getfloat``), the way a training launcher keeps
them next to its other settings. Per-head RMSNorm on queries and keys before the rotary
positions, grouped key/value heads repeated with ``repeat_interleave``, untied output."""

from __future__ import annotations

import configparser

import torch
import torch.nn.functional as F
from torch import nn

INI = """
[model]
vocab = 96
width = 64
layers = 2
heads = 4
kv_heads = 2
head_dim = 16
ffn = 128
norm_eps = 1e-02
rope_base = 10000.0
"""

_PARSER = configparser.ConfigParser()
_PARSER.read_string(INI)
SEC = _PARSER["model"]


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
        self.h = SEC.getint("heads")
        self.kv = SEC.getint("kv_heads")
        self.hd = SEC.getint("head_dim")
        w = SEC.getint("width")
        eps = SEC.getfloat("norm_eps")
        self.q_proj = nn.Linear(w, self.h * self.hd, bias=False)
        self.k_proj = nn.Linear(w, self.kv * self.hd, bias=False)
        self.v_proj = nn.Linear(w, self.kv * self.hd, bias=False)
        self.o_proj = nn.Linear(self.h * self.hd, w, bias=False)
        self.q_norm = RMSNorm(self.hd, eps)
        self.k_norm = RMSNorm(self.hd, eps)

    def forward(self, x):
        b, t, _ = x.shape
        base = SEC.getfloat("rope_base")
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
        w, f, eps = SEC.getint("width"), SEC.getint("ffn"), SEC.getfloat("norm_eps")
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


class Qwen3FromIni(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        w = SEC.getint("width")
        self.embed = nn.Embedding(SEC.getint("vocab"), w)
        self.layers = nn.ModuleList(Layer() for _ in range(SEC.getint("layers")))
        self.norm = RMSNorm(w, SEC.getfloat("norm_eps"))
        self.lm_head = nn.Linear(w, SEC.getint("vocab"), bias=False)

    def forward(self, ids):
        x = self.embed(ids)
        for layer in self.layers:
            x = layer(x)
        return self.lm_head(self.norm(x))
