"""OLMo 2: an ml_collections-like ConfigDict written by hand (attribute access, nested dicts
become ConfigDicts, ``lock()`` refuses new keys, a ``get_config()`` function builds it), RMSNorm
on the whole q and k projections (not per head), norms after each sub-layer instead of before
(``h = x + norm(attn(x))``), and an untied head."""

import torch
import torch.nn as nn
import torch.nn.functional as F


class ConfigDict(dict):
    def __init__(self, initial=None, **kw):
        super().__init__()
        object.__setattr__(self, "_locked", False)
        for k, v in {**(initial or {}), **kw}.items():
            self[k] = ConfigDict(v) if isinstance(v, dict) else v

    def __getattr__(self, k):
        try:
            return self[k]
        except KeyError as e:
            raise AttributeError(k) from e

    def __setattr__(self, k, v):
        if self._locked and k not in self:
            raise AttributeError(f"locked ConfigDict: no key {k!r}")
        self[k] = ConfigDict(v) if isinstance(v, dict) else v

    def lock(self):
        object.__setattr__(self, "_locked", True)
        for v in self.values():
            if isinstance(v, ConfigDict):
                v.lock()
        return self


def get_config():
    c = ConfigDict()
    c.vocab_size = 768
    c.d_model = 64
    c.n_layers = 3
    c.attn = dict(n_heads=8, rope_theta=500000.0)
    c.mlp = dict(hidden=192)
    c.eps = 1e-6
    c.tie = False
    return c.lock()


class RMSNorm(nn.Module):
    def __init__(self, n, eps):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(n))

    def forward(self, x):
        x32 = x.float()
        return (x32 * torch.rsqrt(x32.pow(2).mean(-1, keepdim=True) + self.eps)).type_as(
            x
        ) * self.weight


class SelfAttention(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.h = c.attn.n_heads
        self.hd = c.d_model // self.h
        self.theta = c.attn.rope_theta
        self.q_proj = nn.Linear(c.d_model, c.d_model, bias=False)
        self.k_proj = nn.Linear(c.d_model, c.d_model, bias=False)
        self.v_proj = nn.Linear(c.d_model, c.d_model, bias=False)
        self.o_proj = nn.Linear(c.d_model, c.d_model, bias=False)
        self.q_norm = RMSNorm(c.d_model, c.eps)
        self.k_norm = RMSNorm(c.d_model, c.eps)

    def forward(self, x):
        b, t, d = x.shape
        q = self.q_norm(self.q_proj(x)).view(b, t, self.h, self.hd).transpose(1, 2)
        k = self.k_norm(self.k_proj(x)).view(b, t, self.h, self.hd).transpose(1, 2)
        v = self.v_proj(x).view(b, t, self.h, self.hd).transpose(1, 2)
        inv = self.theta ** (-torch.arange(0, self.hd, 2).float() / self.hd)
        ang = torch.arange(t).float()[:, None] * inv[None]
        cos, sin = ang.cos().repeat(1, 2), ang.sin().repeat(1, 2)
        rot = lambda z: torch.cat([-z[..., self.hd // 2 :], z[..., : self.hd // 2]], -1)  # noqa: E731
        q, k = q * cos + rot(q) * sin, k * cos + rot(k) * sin
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.o_proj(y.transpose(1, 2).reshape(b, t, d))


class FeedForward(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.gate_proj = nn.Linear(c.d_model, c.mlp.hidden, bias=False)
        self.up_proj = nn.Linear(c.d_model, c.mlp.hidden, bias=False)
        self.down_proj = nn.Linear(c.mlp.hidden, c.d_model, bias=False)

    def forward(self, x):
        return self.down_proj(F.silu(self.gate_proj(x)) * self.up_proj(x))


class PostNormBlock(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.attn = SelfAttention(c)
        self.attn_out_norm = RMSNorm(c.d_model, c.eps)
        self.ff = FeedForward(c)
        self.ff_out_norm = RMSNorm(c.d_model, c.eps)

    def forward(self, x):
        x = x + self.attn_out_norm(self.attn(x))
        return x + self.ff_out_norm(self.ff(x))


class Olmo2(nn.Module):
    def __init__(self, c=None):
        super().__init__()
        c = c or get_config()
        self.embed = nn.Embedding(c.vocab_size, c.d_model)
        self.blocks = nn.ModuleList([PostNormBlock(c) for _ in range(c.n_layers)])
        self.norm = RMSNorm(c.d_model, c.eps)
        self.lm_head = None if c.tie else nn.Linear(c.d_model, c.vocab_size, bias=False)

    def forward(self, ids):
        x = self.embed(ids)
        for b in self.blocks:
            x = b(x)
        x = self.norm(x)
        return F.linear(x, self.embed.weight) if self.lm_head is None else self.lm_head(x)
