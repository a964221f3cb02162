"""Granite configured by one space-separated ``key=value`` spec string (copied from a sweep
log) that is split into a dict and cast field by field."""

import torch
import torch.nn.functional as F
from torch import nn

SPEC = "V=512 d=64 L=2 h=4 kv=4 ff=176 theta=10000.0 eps=1e-5"
CASTS = {"theta": float, "eps": float}
S = {k: CASTS.get(k, int)(v) for k, v in (kv.split("=") for kv in SPEC.split())}

EMBED_MULT, ATTN_MULT, RESID_MULT, LOGIT_SCALE = 12.0, 0.0625, 0.22, 8.0


class RMSNorm(nn.Module):
    def __init__(self):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(S["d"]))

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + S["eps"])


def rope(x):
    t, d = x.shape[-2:]
    f = torch.outer(torch.arange(t).float(), S["theta"] ** (-torch.arange(0, d, 2).float() / d))
    f = f.repeat(1, 2)
    a, b = x.chunk(2, -1)
    return x * f.cos() + torch.cat((-b, a), -1) * f.sin()


class GraniteLayer(nn.Module):
    def __init__(self):
        super().__init__()
        d, h, kv, hd = S["d"], S["h"], S["kv"], S["d"] // S["h"]
        self.input_layernorm = RMSNorm()
        self.q = nn.Linear(d, h * hd, bias=False)
        self.k = nn.Linear(d, kv * hd, bias=False)
        self.v = nn.Linear(d, kv * hd, bias=False)
        self.o = nn.Linear(h * hd, d, bias=False)
        self.post_attention_layernorm = RMSNorm()
        self.gate = nn.Linear(d, S["ff"], bias=False)
        self.up = nn.Linear(d, S["ff"], bias=False)
        self.down = nn.Linear(S["ff"], d, bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        hd = S["d"] // S["h"]
        h = self.input_layernorm(x)
        q = rope(self.q(h).view(b, t, S["h"], hd).transpose(1, 2))
        k = rope(self.k(h).view(b, t, S["kv"], hd).transpose(1, 2))
        v = self.v(h).view(b, t, S["kv"], hd).transpose(1, 2)
        o = F.scaled_dot_product_attention(
            q, k, v, is_causal=True, scale=ATTN_MULT, enable_gqa=True
        )
        x = x + RESID_MULT * self.o(o.transpose(1, 2).reshape(b, t, -1))
        h = self.post_attention_layernorm(x)
        return x + RESID_MULT * self.down(F.silu(self.gate(h)) * self.up(h))


class Granite(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed_tokens = nn.Embedding(S["V"], S["d"])
        self.layers = nn.ModuleList(GraniteLayer() for _ in range(S["L"]))
        self.norm = RMSNorm()

    def forward(self, ids):
        x = self.embed_tokens(ids) * EMBED_MULT
        for layer in self.layers:
            x = layer(x)
        return (self.norm(x) @ self.embed_tokens.weight.T) / LOGIT_SCALE
