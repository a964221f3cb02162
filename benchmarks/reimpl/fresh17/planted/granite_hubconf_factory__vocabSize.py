"""Granite as a torch.hub entry point: ``hubconf``-style factories that fill a kwargs dict and
build the model; Granite's four multipliers."""

import torch
import torch.nn as nn
import torch.nn.functional as F

dependencies = ["torch"]


class Granite(nn.Module):
    def __init__(
        self,
        vocab=256,
        dim=64,
        depth=2,
        heads=4,
        kv_heads=2,
        ffn=128,
        theta=10000.0,
        eps=1e-5,
        emb_mult=12.0,
        attn_mult=0.0625,
        resid_mult=0.25,
        logit_scale=8.0,
    ):
        super().__init__()
        self.heads, self.kv, self.hd, self.theta, self.eps = (
            heads,
            kv_heads,
            dim // heads,
            theta,
            eps,
        )
        self.emb_mult, self.attn_mult, self.resid_mult, self.logit_scale = (
            emb_mult,
            attn_mult,
            resid_mult,
            logit_scale,
        )
        self.tok = nn.Embedding(vocab, dim)
        self.blocks = nn.ModuleList()
        for _ in range(depth):
            b = nn.ModuleDict()
            b["n1"] = nn.RMSNorm(dim, eps=eps)
            b["q"] = nn.Linear(dim, heads * self.hd, bias=False)
            b["k"] = nn.Linear(dim, kv_heads * self.hd, bias=False)
            b["v"] = nn.Linear(dim, kv_heads * self.hd, bias=False)
            b["o"] = nn.Linear(heads * self.hd, dim, bias=False)
            b["n2"] = nn.RMSNorm(dim, eps=eps)
            b["gate"] = nn.Linear(dim, ffn, bias=False)
            b["up"] = nn.Linear(dim, ffn, bias=False)
            b["down"] = nn.Linear(ffn, dim, bias=False)
            self.blocks.append(b)
        self.norm = nn.RMSNorm(dim, eps=eps)
        self.head = nn.Linear(dim, vocab, bias=False)

    def forward(self, ids):
        B, T = ids.shape
        inv = 1.0 / self.theta ** (torch.arange(0, self.hd, 2).float() / self.hd)
        a = torch.arange(T).float()[:, None] * inv
        a = torch.cat([a, a], -1)
        cos, sin = a.cos(), a.sin()

        def rot(t):
            h = self.hd // 2
            return t * cos + torch.cat([-t[..., h:], t[..., :h]], -1) * sin

        x = self.tok(ids) * self.emb_mult
        for b in self.blocks:
            h = b["n1"](x)
            q = rot(b["q"](h).view(B, T, self.heads, self.hd).transpose(1, 2))
            k = rot(b["k"](h).view(B, T, self.kv, self.hd).transpose(1, 2))
            v = b["v"](h).view(B, T, self.kv, self.hd).transpose(1, 2)
            o = F.scaled_dot_product_attention(
                q, k, v, is_causal=True, scale=self.attn_mult, enable_gqa=True
            )
            x = x + b["o"](o.transpose(1, 2).reshape(B, T, -1)) * self.resid_mult
            h = b["n2"](x)
            x = x + b["down"](F.silu(b["gate"](h)) * b["up"](h)) * self.resid_mult
        return self.head(self.norm(x)) / self.logit_scale


TINY = dict(vocab=320, dim=64, depth=2, heads=4, kv_heads=2, ffn=128)


def granite_tiny(pretrained=False, **kwargs):
    """The tiny Granite of our experiments (torch.hub.load(repo, "granite_tiny"))."""
    return Granite(**{**TINY, **kwargs})


class HubModel(Granite):
    """What ``granite_tiny()`` returns, as a class."""

    def __init__(self):
        super().__init__(**TINY)
