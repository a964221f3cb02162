"""A Mistral where the KV head count is the largest group size that divides both the query heads
and our tensor-parallel degree (``math.gcd``), sliding-window causal mask built by hand."""

import math

import torch
import torch.nn.functional as F
from torch import nn

VOCAB = 512
DIM = 96
N_HEADS = 6
TP_DEGREE = 4
N_KV = math.gcd(N_HEADS, TP_DEGREE)
HIDDEN = 320
N_LAYERS = 3
WINDOW = 32
EPS = 1e-5
ROPE_BASE = 10000.0


class Norm(nn.Module):
    def __init__(self):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(DIM))

    def forward(self, x):
        return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + EPS) * self.weight


def rotate(x):
    hd, t = x.shape[-1], x.shape[-2]
    inv = 1.0 / ROPE_BASE ** (torch.arange(0, hd, 2).float() / hd)
    f = torch.arange(t).float()[:, None] * inv
    f = torch.cat([f, f], -1)
    a, b = x.chunk(2, -1)
    return x * f.cos() + torch.cat([-b, a], -1) * f.sin()


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        hd = DIM // N_HEADS
        self.attention_norm, self.ffn_norm = Norm(), Norm()
        self.wq = nn.Linear(DIM, N_HEADS * hd, bias=False)
        self.wk = nn.Linear(DIM, N_KV * hd, bias=False)
        self.wv = nn.Linear(DIM, N_KV * hd, bias=False)
        self.wo = nn.Linear(N_HEADS * hd, DIM, bias=False)
        self.w1 = nn.Linear(DIM, HIDDEN, bias=False)
        self.w3 = nn.Linear(DIM, HIDDEN, bias=False)
        self.w2 = nn.Linear(HIDDEN, DIM, bias=False)

    def forward(self, x, mask):
        b, t, _ = x.shape
        h = self.attention_norm(x)
        q = rotate(self.wq(h).view(b, t, N_HEADS, -1).transpose(1, 2))
        k = rotate(self.wk(h).view(b, t, N_KV, -1).transpose(1, 2))
        v = self.wv(h).view(b, t, N_KV, -1).transpose(1, 2)
        rep = N_HEADS // N_KV
        k, v = k.repeat_interleave(rep, 1), v.repeat_interleave(rep, 1)
        a = F.scaled_dot_product_attention(q, k, v, attn_mask=mask)
        x = x + self.wo(a.transpose(1, 2).reshape(b, t, -1))
        h = self.ffn_norm(x)
        return x + self.w2(F.silu(self.w1(h)) * self.w3(h))


class Transformer(nn.Module):
    def __init__(self):
        super().__init__()
        self.tok_embeddings = nn.Embedding(VOCAB, DIM)
        self.layers = nn.ModuleList(Layer() for _ in range(N_LAYERS))
        self.norm = Norm()
        self.output = nn.Linear(DIM, VOCAB, bias=False)

    def forward(self, ids):
        t = ids.shape[1]
        i = torch.arange(t)
        mask = (i[None, :] <= i[:, None]) & (i[:, None] - i[None, :] < WINDOW)
        x = self.tok_embeddings(ids)
        for layer in self.layers:
            x = layer(x, mask)
        return self.output(self.norm(x))
