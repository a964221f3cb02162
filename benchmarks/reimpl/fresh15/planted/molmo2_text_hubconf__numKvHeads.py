"""hubconf.py of our Molmo2 text-tower port: torch.hub entry points with the sizes as kwargs."""

import torch
import torch.nn as nn
import torch.nn.functional as F

dependencies = ["torch"]

_TINY = dict(vocab=256, new_tokens=128, dim=64, depth=2, heads=4, kv_heads=1, ffn=128)


class Norm(nn.Module):
    def __init__(self, d, eps=1e-6):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(d))
        self.eps = eps

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps)


def _rot(x, theta=1000000.0):
    t, d = x.shape[-2], x.shape[-1]
    f = torch.outer(torch.arange(t).float(), theta ** (-torch.arange(0, d, 2).float() / d))
    f = torch.cat([f, f], -1)
    return x * f.cos() + torch.cat([-x[..., d // 2 :], x[..., : d // 2]], -1) * f.sin()


class Layer(nn.Module):
    def __init__(self, dim, heads, kv_heads, ffn):
        super().__init__()
        self.hd, self.h, self.kv = dim // heads, heads, kv_heads
        self.q_proj = nn.Linear(dim, heads * self.hd, bias=False)
        self.k_proj = nn.Linear(dim, kv_heads * self.hd, bias=False)
        self.v_proj = nn.Linear(dim, kv_heads * self.hd, bias=False)
        self.o_proj = nn.Linear(heads * self.hd, dim, bias=False)
        self.q_norm, self.k_norm = Norm(self.hd), Norm(self.hd)
        self.gate_proj = nn.Linear(dim, ffn, bias=False)
        self.up_proj = nn.Linear(dim, ffn, bias=False)
        self.down_proj = nn.Linear(ffn, dim, bias=False)
        self.ln1, self.ln2 = Norm(dim), Norm(dim)

    def forward(self, x):
        b, t, _ = x.shape
        h = self.ln1(x)
        q = self.q_norm(self.q_proj(h).view(b, t, self.h, self.hd)).transpose(1, 2)
        k = self.k_norm(self.k_proj(h).view(b, t, self.kv, self.hd)).transpose(1, 2)
        v = self.v_proj(h).view(b, t, self.kv, self.hd).transpose(1, 2)
        a = F.scaled_dot_product_attention(_rot(q), _rot(k), v, is_causal=True, enable_gqa=True)
        x = x + self.o_proj(a.transpose(1, 2).reshape(b, t, -1))
        h = self.ln2(x)
        return x + self.down_proj(F.silu(self.gate_proj(h)) * self.up_proj(h))


class Molmo2Text(nn.Module):
    def __init__(self, vocab, new_tokens, dim, depth, heads, kv_heads, ffn):
        super().__init__()
        # the image-patch / pointing tokens are appended to the text table
        self.embed = nn.Embedding(vocab + new_tokens, dim)
        self.blocks = nn.ModuleList(Layer(dim, heads, kv_heads, ffn) for _ in range(depth))
        self.norm = Norm(dim)

    def forward(self, ids):
        x = self.embed(ids)
        for blk in self.blocks:
            x = blk(x)
        return self.norm(x)


def molmo2_text_tiny(pretrained=False, **kwargs):
    """torch.hub.load("our-lab/molmo2-port", "molmo2_text_tiny")"""
    model = Molmo2Text(**{**_TINY, **kwargs})
    if pretrained:
        raise NotImplementedError("no released weights for the tiny preset")
    return model


class HubEntry(Molmo2Text):
    def __init__(self):
        super().__init__(**_TINY)
