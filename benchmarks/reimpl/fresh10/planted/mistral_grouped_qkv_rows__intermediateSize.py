"""Mistral with one fused ``qkv`` matrix laid out per KV group: each group's rows are its
query heads, then its key head, then its value head (a Megatron-style checkpoint layout)."""

import torch
import torch.nn.functional as F
from torch import nn

vocab, dim, n_layers = 640, 96, 2
n_heads, n_groups, head_dim = 6, 2, 16
mlp_dim, window, eps, base = 320, 24, 1e-5, 10000.0


class RMS(nn.Module):
    def __init__(self):
        super().__init__()
        self.scale = nn.Parameter(torch.ones(dim))

    def forward(self, x):
        return self.scale * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + eps)


def apply_rope(x):
    t = x.shape[-2]
    inv = base ** (-torch.arange(0, head_dim, 2).float() / head_dim)
    f = torch.outer(torch.arange(t).float(), inv).repeat(1, 2)
    a, b = x.chunk(2, -1)
    return x * f.cos() + torch.cat((-b, a), -1) * f.sin()


class GroupedBlock(nn.Module):
    per_group = n_heads // n_groups

    def __init__(self):
        super().__init__()
        self.pre = RMS()
        self.qkv = nn.Linear(dim, n_groups * (self.per_group + 2) * head_dim, bias=False)
        self.proj = nn.Linear(n_heads * head_dim, dim, bias=False)
        self.post = RMS()
        self.gate_up = nn.Linear(dim, 2 * mlp_dim, bias=False)
        self.down = nn.Linear(mlp_dim, dim, bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        g = self.qkv(self.pre(x)).view(b, t, n_groups, self.per_group + 2, head_dim)
        q = g[:, :, :, : self.per_group].reshape(b, t, n_heads, head_dim).transpose(1, 2)
        k = g[:, :, :, -2].transpose(1, 2)
        v = g[:, :, :, -1].transpose(1, 2)
        i = torch.arange(t)
        mask = (i[None] <= i[:, None]) & (i[:, None] - i[None] < window)
        o = F.scaled_dot_product_attention(
            apply_rope(q), apply_rope(k), v, attn_mask=mask, enable_gqa=True
        )
        x = x + self.proj(o.transpose(1, 2).reshape(b, t, -1))
        gate, up = self.gate_up(self.post(x)).chunk(2, -1)
        return x + self.down(F.silu(gate) * up)


class MistralGrouped(nn.Module):
    def __init__(self):
        super().__init__()
        self.wte = nn.Embedding(vocab, dim)
        self.blocks = nn.Sequential(*[GroupedBlock() for _ in range(n_layers)])
        self.final = RMS()
        self.lm = nn.Linear(dim, vocab, bias=False)

    def forward(self, ids):
        return self.lm(self.final(self.blocks(self.wte(ids))))
