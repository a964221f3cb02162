"""EuroBERT: a Llama-style encoder (RMSNorm, SwiGLU, GQA, rotary) with bidirectional attention,
written the way torch's own ``nn.TransformerEncoder`` stacks layers: one prototype layer is
built and ``copy.deepcopy``-ed ``n`` times (each copy then re-initialised so they differ)."""

import copy

import torch
import torch.nn.functional as F
from torch import nn

CFG = dict(vocab=600, dim=96, hidden=256, n_layers=3, n_heads=6, n_kv=2, theta=250000.0, eps=1e-5)
HEAD_DIM = CFG["dim"] // CFG["n_heads"]


class RMSNorm(nn.Module):
    def __init__(self, dim, eps):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(dim))

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps)


class EncoderLayer(nn.Module):
    def __init__(self, dim, hidden, n_heads, n_kv, eps):
        super().__init__()
        self.n_heads, self.n_kv = n_heads, n_kv
        self.attn_norm = RMSNorm(dim, eps)
        self.wq = nn.Linear(dim, n_heads * HEAD_DIM, bias=False)
        self.wk = nn.Linear(dim, n_kv * HEAD_DIM, bias=False)
        self.wv = nn.Linear(dim, n_kv * HEAD_DIM, bias=False)
        self.wo = nn.Linear(n_heads * HEAD_DIM, dim, bias=False)
        self.ffn_norm = RMSNorm(dim, eps)
        self.w1 = nn.Linear(dim, hidden, bias=False)
        self.w3 = nn.Linear(dim, hidden, bias=False)
        self.w2 = nn.Linear(hidden, dim, bias=False)

    def forward(self, x, cos, sin, mask):
        b, t, _ = x.shape
        h = self.attn_norm(x)
        q = self.wq(h).view(b, t, self.n_heads, HEAD_DIM).transpose(1, 2)
        k = self.wk(h).view(b, t, self.n_kv, HEAD_DIM).transpose(1, 2)
        v = self.wv(h).view(b, t, self.n_kv, HEAD_DIM).transpose(1, 2)
        half = HEAD_DIM // 2
        q = q * cos + torch.cat((-q[..., half:], q[..., :half]), -1) * sin
        k = k * cos + torch.cat((-k[..., half:], k[..., :half]), -1) * sin
        rep = self.n_heads // self.n_kv
        k, v = k.repeat_interleave(rep, dim=1), v.repeat_interleave(rep, dim=1)
        o = F.scaled_dot_product_attention(q, k, v, attn_mask=mask)
        x = x + self.wo(o.transpose(1, 2).reshape(b, t, -1))
        h = self.ffn_norm(x)
        return x + self.w2(F.silu(self.w1(h)) * self.w3(h))


def clones(proto, n):
    out = nn.ModuleList(copy.deepcopy(proto) for _ in range(n))
    for layer in out:
        for p in layer.parameters():
            if p.dim() > 1:
                nn.init.normal_(p, std=0.02)
    return out


class EuroBert(nn.Module):
    def __init__(self):
        super().__init__()
        self.tok_embeddings = nn.Embedding(CFG["vocab"], CFG["dim"])
        proto = EncoderLayer(CFG["dim"], CFG["hidden"], CFG["n_heads"], CFG["n_kv"], CFG["eps"])
        self.layers = clones(proto, CFG["n_layers"])
        self.norm = RMSNorm(CFG["dim"], CFG["eps"])

    def forward(self, ids, mask=None):
        t = ids.shape[1]
        inv = 1.0 / CFG["theta"] ** (
            torch.arange(0, HEAD_DIM, 2, device=ids.device).float() / HEAD_DIM
        )
        ang = torch.arange(t, device=ids.device).float()[:, None] * inv
        cos, sin = torch.cat([ang.cos()] * 2, -1), torch.cat([ang.sin()] * 2, -1)
        attn_mask = None if mask is None else mask[:, None, None, :].bool()
        x = self.tok_embeddings(ids)
        for layer in self.layers:
            x = layer(x, cos, sin, attn_mask)
        return self.norm(x)
