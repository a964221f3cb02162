"""A dots.llm1-style decoder: one dense layer, then MoE layers (stacked experts + a shared expert)."""

import math

import torch
import torch.nn as nn
import torch.nn.functional as F

VOCAB = 512
D = 64
H = 4
KV = math.gcd(H, 4)  # the widest group count that divides both our head count and the TP size
HD = D // H
DENSE_FFN = 192
EXPERT_FFN = 32
N_EXPERTS, TOP_K = 4, 2
LAYERS = 3
N_DENSE = 1
EPS = 1e-6
THETA = 10000.0


def rope(x, pos):
    inv = 1.0 / THETA ** (torch.arange(0, HD, 2, dtype=torch.float32) / HD)
    ang = torch.outer(pos.float(), inv)
    cos, sin = torch.cat([ang, ang], -1).cos(), torch.cat([ang, ang], -1).sin()
    x1, x2 = x.chunk(2, -1)
    return x * cos + torch.cat([-x2, x1], -1) * sin


class Attn(nn.Module):
    def __init__(self):
        super().__init__()
        self.wq = nn.Linear(D, H * HD, bias=False)
        self.wk = nn.Linear(D, KV * HD, bias=False)
        self.wv = nn.Linear(D, KV * HD, bias=False)
        self.wo = nn.Linear(H * HD, D, bias=False)
        self.q_norm = nn.RMSNorm(HD, eps=EPS)
        self.k_norm = nn.RMSNorm(HD, eps=EPS)

    def forward(self, x):
        b, t, _ = x.shape
        pos = torch.arange(t)
        q = rope(self.q_norm(self.wq(x).view(b, t, H, HD)).transpose(1, 2), pos)
        k = rope(self.k_norm(self.wk(x).view(b, t, KV, HD)).transpose(1, 2), pos)
        v = self.wv(x).view(b, t, KV, HD).transpose(1, 2)
        k, v = k.repeat_interleave(H // KV, 1), v.repeat_interleave(H // KV, 1)
        o = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.wo(o.transpose(1, 2).reshape(b, t, H * HD))


class SwiGLU(nn.Module):
    def __init__(self, ffn):
        super().__init__()
        self.w1 = nn.Linear(D, ffn, bias=False)
        self.w3 = nn.Linear(D, ffn, bias=False)
        self.w2 = nn.Linear(ffn, D, bias=False)

    def forward(self, x):
        return self.w2(F.silu(self.w1(x)) * self.w3(x))


class MoE(nn.Module):
    def __init__(self):
        super().__init__()
        self.router = nn.Linear(D, N_EXPERTS, bias=False)
        # [expert, gate rows then up rows, model width] and [expert, width, expert ffn]
        self.w13 = nn.Parameter(torch.randn(N_EXPERTS, 2 * EXPERT_FFN, D) * 0.02)
        self.w2 = nn.Parameter(torch.randn(N_EXPERTS, D, EXPERT_FFN) * 0.02)
        self.shared = SwiGLU(EXPERT_FFN)

    def forward(self, x):
        shape = x.shape
        x = x.reshape(-1, D)
        probs = self.router(x).sigmoid()
        w, idx = probs.topk(TOP_K, -1)
        w = w / w.sum(-1, keepdim=True)
        out = torch.zeros_like(x)
        for e in range(N_EXPERTS):
            rows, slot = (idx == e).nonzero(as_tuple=True)
            if rows.numel():
                g, u = F.linear(x[rows], self.w13[e]).chunk(2, -1)
                y = F.linear(F.silu(g) * u, self.w2[e])
                out.index_add_(0, rows, y * w[rows, slot, None])
        return (out + self.shared(x)).view(shape)


class Block(nn.Module):
    def __init__(self, i):
        super().__init__()
        self.attn_norm = nn.RMSNorm(D, eps=EPS)
        self.attn = Attn()
        self.ffn_norm = nn.RMSNorm(D, eps=EPS)
        self.ffn = SwiGLU(DENSE_FFN) if i < N_DENSE else MoE()

    def forward(self, x):
        x = x + self.attn(self.attn_norm(x))
        return x + self.ffn(self.ffn_norm(x))


class Dots1(nn.Module):
    def __init__(self):
        super().__init__()
        self.tok = nn.Embedding(VOCAB, D)
        self.blocks = nn.ModuleList(Block(i) for i in range(LAYERS))
        self.norm = nn.RMSNorm(D, eps=EPS)
        self.out = nn.Linear(D, VOCAB, bias=False)

    def forward(self, ids):
        x = self.tok(ids)
        for blk in self.blocks:
            x = blk(x)
        return self.out(self.norm(x))
