"""Doge (dynamic-mask attention with a per-KV-head ``A`` and ``dt_proj``, learned residual
scales): its modules read the sizes from the top of a settings stack that a context manager
pushes overrides onto (``with overrides(...)`` for ablations); the model built outside any
``with`` gets the base entry."""

from contextlib import contextmanager

import torch
import torch.nn.functional as F
from torch import nn

_STACK = [dict(vocab=320, hidden=64, layers=2, heads=4, kv_heads=4, inter=128)]


@contextmanager
def overrides(**kw):
    _STACK.append({**_STACK[-1], **kw})
    try:
        yield
    finally:
        _STACK.pop()


def hp(key):
    return _STACK[-1][key]


class RMSNorm(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(d))

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-6)


class DynamicMaskAttention(nn.Module):
    def __init__(self):
        super().__init__()
        d, h, kv = hp("hidden"), hp("heads"), hp("kv_heads")
        self.h, self.kv, self.hd = h, kv, d // h
        self.A = nn.Parameter(torch.zeros(kv))
        self.q_proj = nn.Linear(d, h * self.hd, bias=False)
        self.k_proj = nn.Linear(d, kv * self.hd, bias=False)
        self.v_proj = nn.Linear(d, kv * self.hd, bias=False)
        self.dt_proj = nn.Linear(kv * self.hd, kv, bias=False)
        self.o_proj = nn.Linear(h * self.hd, d, bias=False)
        self.q_norm, self.k_norm = RMSNorm(self.hd), RMSNorm(self.hd)

    def forward(self, x):
        b, t, _ = x.shape
        q = self.q_norm(self.q_proj(x).view(b, t, self.h, self.hd)).transpose(1, 2)
        k = self.k_norm(self.k_proj(x).view(b, t, self.kv, self.hd)).transpose(1, 2)
        v = self.v_proj(x).view(b, t, self.kv, self.hd)
        dt = torch.exp(self.A * F.softplus(self.dt_proj(v.reshape(b, t, -1))))
        bias = dt.transpose(1, 2)[:, :, None, :].repeat_interleave(self.h // self.kv, 1)
        causal = torch.ones(t, t, dtype=torch.bool).tril()
        mask = bias.masked_fill(~causal, float("-inf"))
        o = F.scaled_dot_product_attention(q, k, v.transpose(1, 2), attn_mask=mask, enable_gqa=True)
        return self.o_proj(o.transpose(1, 2).reshape(b, t, -1))


class DogeLayer(nn.Module):
    def __init__(self):
        super().__init__()
        d, ff = hp("hidden"), hp("inter")
        self.input_layernorm = RMSNorm(d)
        self.self_attn = DynamicMaskAttention()
        self.input_residual = nn.Parameter(torch.ones(d))
        self.post_attention_layernorm = RMSNorm(d)
        self.gate_proj = nn.Linear(d, ff, bias=False)
        self.up_proj = nn.Linear(d, ff, bias=False)
        self.down_proj = nn.Linear(ff, d, bias=False)
        self.post_attention_residual = nn.Parameter(torch.ones(d))

    def forward(self, x):
        x = self.input_residual * x + self.self_attn(self.input_layernorm(x))
        h = self.post_attention_layernorm(x)
        return self.post_attention_residual * x + self.down_proj(
            F.silu(self.gate_proj(h)) * self.up_proj(h)
        )


class Doge(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed_tokens = nn.Embedding(hp("vocab"), hp("hidden"))
        self.layers = nn.ModuleList(DogeLayer() for _ in range(hp("layers")))
        self.norm = RMSNorm(hp("hidden"))
        self.lm_head = nn.Linear(hp("hidden"), hp("vocab"), bias=False)

    def forward(self, ids):
        x = self.embed_tokens(ids)
        for layer in self.layers:
            x = layer(x)
        return self.lm_head(self.norm(x))
