"""Phi-3: an abstract decoder base class (``abc.ABC``) whose subclass supplies its parts through
``make_*`` factory methods, fused ``qkv_proj`` and ``gate_up_proj`` projections split with
``torch.split``, rotary on a fraction of each head, and an untied head."""

import abc

import torch
import torch.nn as nn
import torch.nn.functional as F


class RMSNorm(nn.Module):
    def __init__(self, n, eps):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(n))

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps)


class FusedAttention(nn.Module):
    def __init__(self, dim, heads, kv_heads, rotary_frac):
        super().__init__()
        self.heads, self.kv_heads, self.hd = heads, kv_heads, dim // heads
        self.rot = int(self.hd * rotary_frac)
        self.qkv_proj = nn.Linear(dim, (heads + 2 * kv_heads) * self.hd, bias=False)
        self.o_proj = nn.Linear(heads * self.hd, dim, bias=False)

    def forward(self, x, cos, sin):
        b, t, _ = x.shape
        sizes = [self.heads * self.hd, self.kv_heads * self.hd, self.kv_heads * self.hd]
        q, k, v = torch.split(self.qkv_proj(x), sizes, dim=-1)
        q = q.view(b, t, -1, self.hd).transpose(1, 2)
        k = k.view(b, t, -1, self.hd).transpose(1, 2)
        v = v.view(b, t, -1, self.hd).transpose(1, 2)

        def rope(z):
            zr, zp = z[..., : self.rot], z[..., self.rot :]
            a, c = zr.chunk(2, -1)
            return torch.cat((zr * cos + torch.cat((-c, a), -1) * sin, zp), -1)

        q, k = rope(q), rope(k)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        return self.o_proj(y.transpose(1, 2).reshape(b, t, -1))


class FusedMLP(nn.Module):
    def __init__(self, dim, hidden):
        super().__init__()
        self.gate_up_proj = nn.Linear(dim, 2 * hidden, bias=False)
        self.down_proj = nn.Linear(hidden, dim, bias=False)

    def forward(self, x):
        gate, up = torch.split(self.gate_up_proj(x), self.down_proj.in_features, dim=-1)
        return self.down_proj(up * F.silu(gate))


class DecoderBase(nn.Module, abc.ABC):
    dim: int
    n_layers: int
    vocab: int
    eps: float

    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(self.vocab, self.dim)
        self.blocks = nn.ModuleList()
        for _ in range(self.n_layers):
            blk = nn.Module()
            blk.norm1, blk.attn = RMSNorm(self.dim, self.eps), self.make_attention()
            blk.norm2, blk.mlp = RMSNorm(self.dim, self.eps), self.make_mlp()
            self.blocks.append(blk)
        self.norm = RMSNorm(self.dim, self.eps)
        self.head = nn.Linear(self.dim, self.vocab, bias=False)

    @abc.abstractmethod
    def make_attention(self) -> nn.Module: ...

    @abc.abstractmethod
    def make_mlp(self) -> nn.Module: ...

    @abc.abstractmethod
    def rotary(self, t: int): ...

    def forward(self, ids):
        cos, sin = self.rotary(ids.shape[1])
        x = self.embed(ids)
        for blk in self.blocks:
            x = x + blk.attn(blk.norm1(x), cos, sin)
            x = x + blk.mlp(blk.norm2(x))
        return self.head(self.norm(x))


class Phi3Mini(DecoderBase):
    dim = 96
    n_layers = 2
    vocab = 1024
    eps = 1e-5
    heads = 6
    kv_heads = 3
    ffn = 320
    rotary_frac = 0.5
    theta = 10000.0

    def make_attention(self):
        return FusedAttention(self.dim, self.heads, self.kv_heads, self.rotary_frac)

    def make_mlp(self):
        return FusedMLP(self.dim, self.ffn)

    def rotary(self, t):
        rot = int(self.dim // self.heads * self.rotary_frac)
        inv = 1.0 / self.theta ** (torch.arange(0, rot, 2).float() / rot)
        f = torch.arange(t).float()[:, None] * inv
        return torch.cat((f, f), -1).cos(), torch.cat((f, f), -1).sin()
