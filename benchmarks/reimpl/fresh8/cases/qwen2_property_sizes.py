"""A Qwen2 (biased q/k/v, GQA, untied head) whose config stores one ``width`` and a few
ratios; every other size is a ``@property`` computed from them, as in a scaling-law sweep."""

import torch
import torch.nn as nn
import torch.nn.functional as F


class Sizes:
    width = 96
    depth = 2
    head_size = 16
    group = 3
    ffn_ratio = 3
    vocab = 960
    rope_base = 1000000.0

    @property
    def n_heads(self):
        return self.width // self.head_size

    @property
    def n_kv_heads(self):
        return self.n_heads // self.group

    @property
    def ffn(self):
        return self.width * self.ffn_ratio


class Block(nn.Module):
    def __init__(self, s: Sizes):
        super().__init__()
        self.s = s
        self.ln1 = nn.RMSNorm(s.width, eps=1e-6)
        self.q = nn.Linear(s.width, s.n_heads * s.head_size)
        self.k = nn.Linear(s.width, s.n_kv_heads * s.head_size)
        self.v = nn.Linear(s.width, s.n_kv_heads * s.head_size)
        self.o = nn.Linear(s.n_heads * s.head_size, s.width, bias=False)
        self.ln2 = nn.RMSNorm(s.width, eps=1e-6)
        self.gate = nn.Linear(s.width, s.ffn, bias=False)
        self.up = nn.Linear(s.width, s.ffn, bias=False)
        self.down = nn.Linear(s.ffn, s.width, bias=False)

    def forward(self, x):
        s = self.s
        b, t, _ = x.shape
        h = self.ln1(x)
        q = self.q(h).view(b, t, s.n_heads, -1).transpose(1, 2)
        k = self.k(h).view(b, t, s.n_kv_heads, -1).transpose(1, 2)
        v = self.v(h).view(b, t, s.n_kv_heads, -1).transpose(1, 2)
        hd = s.head_size
        inv = s.rope_base ** (-torch.arange(0, hd, 2).float() / hd)
        a = torch.outer(torch.arange(t).float(), inv).repeat(1, 2)
        q = q * a.cos() + torch.cat((-q[..., hd // 2 :], q[..., : hd // 2]), -1) * a.sin()
        k = k * a.cos() + torch.cat((-k[..., hd // 2 :], k[..., : hd // 2]), -1) * a.sin()
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        x = x + self.o(y.transpose(1, 2).reshape(b, t, -1))
        h = self.ln2(x)
        return x + self.down(F.silu(self.gate(h)) * self.up(h))


class Qwen2(nn.Module):
    def __init__(self, s: Sizes | None = None):
        super().__init__()
        s = s or Sizes()
        self.emb = nn.Embedding(s.vocab, s.width)
        self.blocks = nn.ModuleList(Block(s) for _ in range(s.depth))
        self.ln_f = nn.RMSNorm(s.width, eps=1e-6)
        self.lm_head = nn.Linear(s.width, s.vocab, bias=False)

    def forward(self, ids):
        x = self.emb(ids)
        for blk in self.blocks:
            x = blk(x)
        return self.lm_head(self.ln_f(x))
