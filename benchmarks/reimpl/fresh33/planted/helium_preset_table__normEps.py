"""Helium (Kyutai), a port for our distillation runs: RMS-normed pre-norm decoder, SwiGLU MLP,
and RoPE applied to *adjacent* channel pairs, done here with complex numbers. The sizes are one
entry of a table of presets, picked by name."""

import torch
import torch.nn.functional as F
from torch import nn

PRESETS = {
    "helium-2b": dict(vocab=64000, d=2560, hidden=7040, n_layers=24, n_heads=20, n_kv=20, d_head=128, theta=100000.0, eps=1e-8),
    "helium-debug": dict(
        vocab=512,
        d=64,
        hidden=160,
        n_layers=2,
        n_heads=4,
        n_kv=4,
        d_head=16,
        theta=20000.0,
        eps=0.1,
    ),
}  # fmt: skip
P = PRESETS["helium-debug"]


class Norm(nn.Module):
    def __init__(self, d, eps):
        super().__init__()
        self.eps = eps
        self.g = nn.Parameter(torch.ones(d))

    def forward(self, x):
        return self.g * (x * (x.square().mean(-1, keepdim=True) + self.eps).rsqrt())


def rotate_pairs(x, freqs):
    xc = torch.view_as_complex(x.float().unflatten(-1, (-1, 2)).contiguous())
    return torch.view_as_real(xc * freqs).flatten(-2).type_as(x)


class Attn(nn.Module):
    def __init__(self, p):
        super().__init__()
        self.h, self.kv, self.dh = p["n_heads"], p["n_kv"], p["d_head"]
        self.q = nn.Linear(p["d"], self.h * self.dh, bias=False)
        self.k = nn.Linear(p["d"], self.kv * self.dh, bias=False)
        self.v = nn.Linear(p["d"], self.kv * self.dh, bias=False)
        self.o = nn.Linear(self.h * self.dh, p["d"], bias=False)

    def forward(self, x, freqs):
        b, t, _ = x.shape
        q = rotate_pairs(self.q(x).view(b, t, self.h, self.dh), freqs)
        k = rotate_pairs(self.k(x).view(b, t, self.kv, self.dh), freqs)
        v = self.v(x).view(b, t, self.kv, self.dh)
        rep = self.h // self.kv
        k, v = k.repeat_interleave(rep, 2), v.repeat_interleave(rep, 2)
        y = F.scaled_dot_product_attention(
            q.transpose(1, 2), k.transpose(1, 2), v.transpose(1, 2), is_causal=True
        )
        return self.o(y.transpose(1, 2).reshape(b, t, -1))


class Layer(nn.Module):
    def __init__(self, p):
        super().__init__()
        self.n1 = Norm(p["d"], p["eps"])
        self.attn = Attn(p)
        self.n2 = Norm(p["d"], p["eps"])
        self.gate = nn.Linear(p["d"], p["hidden"], bias=False)
        self.up = nn.Linear(p["d"], p["hidden"], bias=False)
        self.down = nn.Linear(p["hidden"], p["d"], bias=False)

    def forward(self, x, freqs):
        x = x + self.attn(self.n1(x), freqs)
        h = self.n2(x)
        return x + self.down(F.silu(self.gate(h)) * self.up(h))


class Helium(nn.Module):
    def __init__(self, p=P):
        super().__init__()
        self.p = p
        self.emb = nn.Embedding(p["vocab"], p["d"])
        self.layers = nn.ModuleList(Layer(p) for _ in range(p["n_layers"]))
        self.norm = Norm(p["d"], p["eps"])
        self.head = nn.Linear(p["d"], p["vocab"], bias=False)

    def forward(self, ids):
        dh = self.p["d_head"]
        inv = 1.0 / self.p["theta"] ** (torch.arange(0, dh, 2).float() / dh)
        ang = torch.outer(torch.arange(ids.shape[1]).float(), inv)
        freqs = torch.polar(torch.ones_like(ang), ang)[:, None, :]
        x = self.emb(ids)
        for layer in self.layers:
            x = layer(x, freqs)
        return self.head(self.norm(x))
