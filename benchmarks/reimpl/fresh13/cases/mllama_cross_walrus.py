"""Mllama's text decoder: self-attention layers with gated cross-attention layers (to the image
features) at fixed depths; the vocabulary carries 8 extra image-tile tokens."""

import torch
import torch.nn.functional as F
from torch import nn

SIZES = dict(vocab=480, width=64, heads=4, kv=2, ffn=128, depth=4, eps=1e-5)
CROSS_AT = frozenset({1, 3})
if (extra := 8) and SIZES["vocab"] % 8 == 0:
    EMBED_ROWS = SIZES["vocab"] + extra


class RMSNorm(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(d))

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + SIZES["eps"])


class GQA(nn.Module):
    def __init__(self, qk_norm=False):
        super().__init__()
        d, h, kv = SIZES["width"], SIZES["heads"], SIZES["kv"]
        self.hd = d // h
        self.q_proj = nn.Linear(d, h * self.hd, bias=False)
        self.k_proj = nn.Linear(d, kv * self.hd, bias=False)
        self.v_proj = nn.Linear(d, kv * self.hd, bias=False)
        self.o_proj = nn.Linear(h * self.hd, d, bias=False)
        self.q_norm = RMSNorm(self.hd) if qk_norm else None
        self.k_norm = RMSNorm(self.hd) if qk_norm else None

    def forward(self, x, mem=None):
        b, t, _ = x.shape
        src = x if mem is None else mem
        q = self.q_proj(x).view(b, t, -1, self.hd)
        k = self.k_proj(src).view(b, src.shape[1], -1, self.hd)
        v = self.v_proj(src).view(b, src.shape[1], -1, self.hd)
        if self.q_norm is not None:
            q, k = self.q_norm(q), self.k_norm(k)
        q, k, v = (z.transpose(1, 2) for z in (q, k, v))
        rep = q.shape[1] // k.shape[1]
        k, v = k.repeat_interleave(rep, 1), v.repeat_interleave(rep, 1)
        o = F.scaled_dot_product_attention(q, k, v, is_causal=mem is None)
        return self.o_proj(o.transpose(1, 2).reshape(b, t, -1))


class MLP(nn.Module):
    def __init__(self):
        super().__init__()
        d, f = SIZES["width"], SIZES["ffn"]
        self.gate_proj, self.up_proj = nn.Linear(d, f, bias=False), nn.Linear(d, f, bias=False)
        self.down_proj = nn.Linear(f, d, bias=False)

    def forward(self, x):
        return self.down_proj(F.silu(self.gate_proj(x)) * self.up_proj(x))


class SelfLayer(nn.Module):
    def __init__(self):
        super().__init__()
        self.attn, self.mlp = GQA(), MLP()
        self.norm1, self.norm2 = RMSNorm(SIZES["width"]), RMSNorm(SIZES["width"])

    def forward(self, x, img):
        x = x + self.attn(self.norm1(x))
        return x + self.mlp(self.norm2(x))


class CrossLayer(nn.Module):
    def __init__(self):
        super().__init__()
        self.attn, self.mlp = GQA(qk_norm=True), MLP()
        self.norm1, self.norm2 = RMSNorm(SIZES["width"]), RMSNorm(SIZES["width"])
        self.attn_gate = nn.Parameter(torch.zeros(1))
        self.mlp_gate = nn.Parameter(torch.zeros(1))

    def forward(self, x, img):
        x = x + self.attn_gate.tanh() * self.attn(self.norm1(x), img)
        return x + self.mlp_gate.tanh() * self.mlp(self.norm2(x))


class MllamaText(nn.Module):
    def __init__(self):
        super().__init__()
        d = SIZES["width"]
        self.embed = nn.Embedding(EMBED_ROWS, d)
        self.layers = nn.ModuleList(
            CrossLayer() if i in CROSS_AT else SelfLayer() for i in range(SIZES["depth"])
        )
        self.norm = RMSNorm(d)
        self.lm_head = nn.Linear(d, SIZES["vocab"], bias=False)

    def forward(self, ids, img):
        x = self.embed(ids)
        for layer in self.layers:
            x = layer(x, img)
        return self.lm_head(self.norm(x))
