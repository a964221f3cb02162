"""Granite-Docling's text decoder: a bare hyper-parameter object filled through __dict__.update."""

import torch
import torch.nn as nn
import torch.nn.functional as F


class HParams:
    pass


hp = HParams()
hp.__dict__.update(n_vocab=384, d_model=64, n_layers=2)
hp.__dict__.update({"n_heads": 4, "n_kv": 2, "d_ff": 128, "theta": 10000.0})


class RMSNorm(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(d))

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-5)


def rotate(x, theta):
    t, d = x.shape[-2], x.shape[-1]
    ang = torch.outer(torch.arange(t).float(), theta ** (-torch.arange(0, d, 2).float() / d))
    ang = torch.cat([ang, ang], -1)
    return x * ang.cos() + torch.cat([-x[..., d // 2 :], x[..., : d // 2]], -1) * ang.sin()


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        hd = hp.d_model // hp.n_heads
        self.hd = hd
        self.wq = nn.Linear(hp.d_model, hp.n_heads * hd, bias=False)
        self.wk = nn.Linear(hp.d_model, hp.n_kv * hd, bias=False)
        self.wv = nn.Linear(hp.d_model, hp.n_kv * hd, bias=False)
        self.wo = nn.Linear(hp.n_heads * hd, hp.d_model, bias=False)
        self.w1 = nn.Linear(hp.d_model, hp.d_ff, bias=False)
        self.w3 = nn.Linear(hp.d_model, hp.d_ff, bias=False)
        self.w2 = nn.Linear(hp.d_ff, hp.d_model, bias=False)
        self.attn_norm, self.ffn_norm = RMSNorm(hp.d_model), RMSNorm(hp.d_model)

    def forward(self, x):
        b, t, _ = x.shape
        h = self.attn_norm(x)
        q = rotate(self.wq(h).view(b, t, -1, self.hd).transpose(1, 2), hp.theta)
        k = rotate(self.wk(h).view(b, t, -1, self.hd).transpose(1, 2), hp.theta)
        v = self.wv(h).view(b, t, -1, self.hd).transpose(1, 2)
        a = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        x = x + self.wo(a.transpose(1, 2).reshape(b, t, -1))
        h = self.ffn_norm(x)
        return x + self.w2(F.silu(self.w1(h)) * self.w3(h))


class GraniteDoclingText(nn.Module):
    def __init__(self):
        super().__init__()
        self.tok_embeddings = nn.Embedding(hp.n_vocab, hp.d_model)
        self.layers = nn.ModuleList(Block() for _ in range(hp.n_layers))
        self.norm = RMSNorm(hp.d_model)

    def forward(self, ids):
        x = self.tok_embeddings(ids)
        for layer in self.layers:
            x = layer(x)
        return self.norm(x)
