"""LFM2-style hybrid: gated short-convolution blocks with one attention block in between.

The run config is a nested dict (as a yaml loader would hand it over); which blocks attend is
a list of indices.
"""

import torch
import torch.nn.functional as F
from torch import nn

CONFIG = {
    "tokenizer": {"vocab_size": 640},
    "backbone": {
        "d_model": 64,
        "n_layers": 3,
        "attn_idxs": [1],
        "norm_eps": 1e-5,
        "conv": {"kernel": 3},
        "attention": {"heads": 4, "kv_heads": 2, "rope_theta": 1000000.0},
        "ffn": {"width": 160},
    },
    "head": {"tied": True},
}
BB = CONFIG["backbone"]


class RMS(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(n))

    def forward(self, x):
        return x * torch.rsqrt(x.square().mean(-1, keepdim=True) + BB["norm_eps"]) * self.weight


class GatedShortConv(nn.Module):
    def __init__(self):
        super().__init__()
        d = BB["d_model"]
        self.kernel = BB["conv"]["kernel"]
        self.proj_in = nn.Linear(d, 3 * d, bias=False)
        self.taps = nn.Parameter(torch.empty(d, 1, self.kernel))
        self.proj_out = nn.Linear(d, d, bias=False)

    def forward(self, x):
        b_gate, c_gate, val = self.proj_in(x).chunk(3, dim=-1)
        u = (b_gate * val).transpose(1, 2)
        u = F.conv1d(F.pad(u, (self.kernel - 1, 0)), self.taps, groups=u.shape[1])
        return self.proj_out(c_gate * u.transpose(1, 2))


class QKNormAttention(nn.Module):
    def __init__(self):
        super().__init__()
        d, a = BB["d_model"], BB["attention"]
        self.h, self.n_kv = a["heads"], a["kv_heads"]
        self.head_dim = d // self.h
        self.q = nn.Linear(d, self.h * self.head_dim, bias=False)
        self.k = nn.Linear(d, self.n_kv * self.head_dim, bias=False)
        self.v = nn.Linear(d, self.n_kv * self.head_dim, bias=False)
        self.out = nn.Linear(self.h * self.head_dim, d, bias=False)
        self.q_norm = RMS(self.head_dim)
        self.k_norm = RMS(self.head_dim)

    def forward(self, x, cos, sin):
        b, t, _ = x.shape
        q = self.q_norm(self.q(x).view(b, t, self.h, self.head_dim))
        k = self.k_norm(self.k(x).view(b, t, self.n_kv, self.head_dim))
        v = self.v(x).view(b, t, self.n_kv, self.head_dim)

        def rope(z):
            z1, z2 = z[..., : self.head_dim // 2], z[..., self.head_dim // 2 :]
            return z * cos + torch.cat((-z2, z1), -1) * sin

        q, k = rope(q), rope(k)
        k = k.repeat_interleave(self.h // self.n_kv, dim=2)
        v = v.repeat_interleave(self.h // self.n_kv, dim=2)
        w = torch.einsum("bqhd,bkhd->bhqk", q, k) * self.head_dim**-0.5
        mask = torch.ones(t, t, dtype=torch.bool).triu(1)
        w = w.masked_fill(mask, float("-inf")).softmax(-1)
        return self.out(torch.einsum("bhqk,bkhd->bqhd", w, v).reshape(b, t, -1))


class Block(nn.Module):
    def __init__(self, idx):
        super().__init__()
        d, f = BB["d_model"], BB["ffn"]["width"]
        self.attends = idx in BB["attn_idxs"]
        self.mix_norm = RMS(d)
        self.mixer = QKNormAttention() if self.attends else GatedShortConv()
        self.mlp_norm = RMS(d)
        self.gate = nn.Linear(d, f, bias=False)
        self.up = nn.Linear(d, f, bias=False)
        self.down = nn.Linear(f, d, bias=False)

    def forward(self, x, cos, sin):
        h = self.mix_norm(x)
        x = x + (self.mixer(h, cos, sin) if self.attends else self.mixer(h))
        h = self.mlp_norm(x)
        return x + self.down(F.silu(self.gate(h)) * self.up(h))


class LFM2(nn.Module):
    def __init__(self):
        super().__init__()
        vocab, d = CONFIG["tokenizer"]["vocab_size"], BB["d_model"]
        self.embed = nn.Embedding(vocab, d)
        self.blocks = nn.ModuleList(Block(i) for i in range(BB["n_layers"]))
        self.final_norm = RMS(d)
        if not CONFIG["head"]["tied"]:
            self.head = nn.Linear(d, vocab, bias=False)

    def forward(self, ids):
        att = BB["attention"]
        dh = BB["d_model"] // att["heads"]
        inv = 1.0 / att["rope_theta"] ** (torch.arange(0, dh, 2).float() / dh)
        ang = torch.arange(ids.shape[1]).float()[:, None] * inv[None]
        ang = torch.cat((ang, ang), -1)[:, None, :]
        cos, sin = ang.cos(), ang.sin()
        x = self.embed(ids)
        for blk in self.blocks:
            x = blk(x, cos, sin)
        x = self.final_norm(x)
        w = self.embed.weight if CONFIG["head"]["tied"] else self.head.weight
        return F.linear(x, w)
