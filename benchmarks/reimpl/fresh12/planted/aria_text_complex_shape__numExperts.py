"""An Aria-style text decoder: every layer is MoE (experts held as [E, in, out] kernels) with
shared experts added in."""

import torch
import torch.nn as nn
import torch.nn.functional as F

SHAPE = 64 + 4j  # width + heads * 1j, as our sweep logs write it
D, H = int(SHAPE.real), int(SHAPE.imag)
KV = H // 2
VOCAB = 512
FFN = 192
N_EXPERTS = 8
TOP_K = 2
N_SHARED = 1
N_LAYERS = 2
EPS = 1e-6
BASE = 10000.0


class RMSNorm(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(n))

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + EPS)


def apply_rope(x):
    hd = x.shape[-1]
    inv = 1.0 / BASE ** (torch.arange(0, hd, 2).float() / hd)
    f = torch.arange(x.shape[-2]).float()[:, None] * inv
    emb = torch.cat([f, f], -1)
    a, b = x[..., : hd // 2], x[..., hd // 2 :]
    return x * emb.cos() + torch.cat([-b, a], -1) * emb.sin()


class SelfAttention(nn.Module):
    def __init__(self):
        super().__init__()
        hd = D // H
        self.q = nn.Linear(D, H * hd, bias=False)
        self.k = nn.Linear(D, KV * hd, bias=False)
        self.v = nn.Linear(D, KV * hd, bias=False)
        self.o = nn.Linear(H * hd, D, bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        q = apply_rope(self.q(x).unflatten(-1, (H, -1)).transpose(1, 2))
        k = apply_rope(self.k(x).unflatten(-1, (KV, -1)).transpose(1, 2))
        v = self.v(x).unflatten(-1, (KV, -1)).transpose(1, 2)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        return self.o(y.transpose(1, 2).flatten(2))


class SharedMlp(nn.Module):
    def __init__(self, width):
        super().__init__()
        self.gate = nn.Linear(D, width, bias=False)
        self.up = nn.Linear(D, width, bias=False)
        self.down = nn.Linear(width, D, bias=False)

    def forward(self, x):
        return self.down(F.silu(self.gate(x)) * self.up(x))


class MoeMlp(nn.Module):
    def __init__(self):
        super().__init__()
        self.router = nn.Linear(D, N_EXPERTS, bias=False)
        self.fc1 = nn.Parameter(torch.empty(N_EXPERTS, D, 2 * FFN).normal_(std=0.02))
        self.fc2 = nn.Parameter(torch.empty(N_EXPERTS, FFN, D).normal_(std=0.02))
        self.shared = SharedMlp(FFN * N_SHARED)

    def forward(self, x):
        flat = x.flatten(0, 1)
        w, idx = self.router(flat).topk(TOP_K, -1)
        w = w.softmax(-1)
        out = torch.zeros_like(flat)
        for slot in range(TOP_K):
            h = torch.einsum("td,tdf->tf", flat, self.fc1[idx[:, slot]])
            g, u = h.chunk(2, -1)
            y = torch.einsum("tf,tfd->td", F.silu(g) * u, self.fc2[idx[:, slot]])
            out = out + w[:, slot, None] * y
        return (out + self.shared(flat)).view_as(x)


class DecoderLayer(nn.Module):
    def __init__(self):
        super().__init__()
        self.ln1, self.attn = RMSNorm(D), SelfAttention()
        self.ln2, self.mlp = RMSNorm(D), MoeMlp()

    def forward(self, x):
        x = x + self.attn(self.ln1(x))
        return x + self.mlp(self.ln2(x))


class AriaText(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(VOCAB, D)
        self.layers = nn.Sequential(*[DecoderLayer() for _ in range(N_LAYERS)])
        self.norm = RMSNorm(D)
        self.head = nn.Linear(D, VOCAB, bias=False)

    def forward(self, ids):
        return self.head(self.norm(self.layers(self.embed(ids))))
