"""Granite with its muP-style multipliers, sizes in a model-card dict of one hub variant."""

import torch
import torch.nn.functional as F
from torch import nn

VARIANTS = {
    "granite-tiny": {
        "vocab": 320,
        "width": 64,
        "depth": 2,
        "heads": 4,
        "kv_heads": 2,
        "ffn": 224,
        "rope_base": 10000.0,
        "embedding_multiplier": 12.0,
        "residual_multiplier": 0.22,
        "attention_multiplier": 0.0625,
        "logits_scaling": 8.0,
    },
}
V = VARIANTS["granite-tiny"]


def rms(x, w):
    return w * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-5)


class GraniteBlock(nn.Module):
    def __init__(self):
        super().__init__()
        d, hd = V["width"], V["width"] // V["heads"]
        self.ln_attn = nn.Parameter(torch.ones(d))
        self.ln_mlp = nn.Parameter(torch.ones(d))
        self.q = nn.Linear(d, V["heads"] * hd, bias=False)
        self.k = nn.Linear(d, V["kv_heads"] * hd, bias=False)
        self.v = nn.Linear(d, V["kv_heads"] * hd, bias=False)
        self.o = nn.Linear(V["heads"] * hd, d, bias=False)
        self.gate = nn.Linear(d, V["ffn"], bias=False)
        self.up = nn.Linear(d, V["ffn"], bias=False)
        self.down = nn.Linear(V["ffn"], d, bias=False)

    def forward(self, x, cos, sin):
        b, t, _ = x.shape
        hd = V["width"] // V["heads"]
        h = rms(x, self.ln_attn)
        q, k, v = (f(h).view(b, t, -1, hd).transpose(1, 2) for f in (self.q, self.k, self.v))
        rh = lambda z: torch.cat((-z[..., hd // 2 :], z[..., : hd // 2]), -1)  # noqa: E731
        q, k = q * cos + rh(q) * sin, k * cos + rh(k) * sin
        y = F.scaled_dot_product_attention(
            q, k, v, is_causal=True, scale=V["attention_multiplier"], enable_gqa=True
        )
        x = x + V["residual_multiplier"] * self.o(y.transpose(1, 2).reshape(b, t, -1))
        h = rms(x, self.ln_mlp)
        return x + V["residual_multiplier"] * self.down(F.silu(self.gate(h)) * self.up(h))


class Granite(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(V["vocab"], V["width"])
        self.blocks = nn.ModuleList(GraniteBlock() for _ in range(V["depth"]))
        self.ln_f = nn.Parameter(torch.ones(V["width"]))
        self.head = nn.Linear(V["width"], V["vocab"], bias=False)

    def forward(self, ids):
        hd = V["width"] // V["heads"]
        inv = V["rope_base"] ** (-torch.arange(0, hd, 2).float() / hd)
        f = torch.arange(ids.shape[1]).float()[:, None] * inv
        f = torch.cat([f, f], -1)
        x = self.embed(ids) * V["embedding_multiplier"]
        for blk in self.blocks:
            x = blk(x, f.cos(), f.sin())
        return self.head(rms(x, self.ln_f)) / V["logits_scaling"]
