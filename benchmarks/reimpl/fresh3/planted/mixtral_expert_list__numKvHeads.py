"""Mixtral: experts as an ``nn.ModuleList`` of separate SwiGLU modules (w1, w2, w3), a router
whose top-k weights are renormalised with softmax over the selected logits, GQA where the keys
and values are indexed by ``head // group`` instead of repeated, and settings returned by a
``functools.cache``-d ``config()`` function."""

import functools

import torch
import torch.nn as nn
import torch.nn.functional as F


@functools.cache
def config():
    return {
        "vocab": 512,
        "dim": 64,
        "layers": 2,
        "heads": 8,
        "kv_heads": 4,
        "expert_hidden": 128,
        "n_experts": 4,
        "top_k": 2,
        "eps": 1e-5,
        "theta": 1000000.0,
    }


class RMSNorm(nn.Module):
    def __init__(self, d, eps):
        super().__init__()
        self.eps, self.weight = eps, nn.Parameter(torch.ones(d))

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps)


class Expert(nn.Module):
    def __init__(self, d, h):
        super().__init__()
        self.w1 = nn.Linear(d, h, bias=False)
        self.w2 = nn.Linear(h, d, bias=False)
        self.w3 = nn.Linear(d, h, bias=False)

    def forward(self, x):
        return self.w2(F.silu(self.w1(x)) * self.w3(x))


class MoE(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.k = c["top_k"]
        self.gate = nn.Linear(c["dim"], c["n_experts"], bias=False)
        self.experts = nn.ModuleList(
            [Expert(c["dim"], c["expert_hidden"]) for _ in range(c["n_experts"])]
        )

    def forward(self, x):
        flat = x.reshape(-1, x.shape[-1])
        logits, chosen = self.gate(flat).topk(self.k, dim=-1)
        weights = logits.softmax(-1)
        out = torch.zeros_like(flat)
        for i, expert in enumerate(self.experts):
            rows, slot = torch.where(chosen == i)
            out[rows] += weights[rows, slot, None] * expert(flat[rows])
        return out.view_as(x)


class Attention(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.h, self.kv = c["heads"], c["kv_heads"]
        self.hd = c["dim"] // self.h
        self.theta = c["theta"]
        self.wq = nn.Linear(c["dim"], self.h * self.hd, bias=False)
        self.wk = nn.Linear(c["dim"], self.kv * self.hd, bias=False)
        self.wv = nn.Linear(c["dim"], self.kv * self.hd, bias=False)
        self.wo = nn.Linear(self.h * self.hd, c["dim"], bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        q = self.wq(x).view(b, t, self.h, self.hd).transpose(1, 2)
        k = self.wk(x).view(b, t, self.kv, self.hd).transpose(1, 2)
        v = self.wv(x).view(b, t, self.kv, self.hd).transpose(1, 2)
        inv = 1.0 / self.theta ** (torch.arange(0, self.hd, 2).float() / self.hd)
        f = torch.outer(torch.arange(t).float(), inv).repeat(1, 2)
        rot = lambda z: torch.cat([-z[..., self.hd // 2 :], z[..., : self.hd // 2]], -1)  # noqa: E731
        q, k = q * f.cos() + rot(q) * f.sin(), k * f.cos() + rot(k) * f.sin()
        group = torch.arange(self.h) // (self.h // self.kv)
        y = F.scaled_dot_product_attention(q, k[:, group], v[:, group], is_causal=True)
        return self.wo(y.transpose(1, 2).reshape(b, t, -1))


class Layer(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.attention_norm = RMSNorm(c["dim"], c["eps"])
        self.attention = Attention(c)
        self.ffn_norm = RMSNorm(c["dim"], c["eps"])
        self.moe = MoE(c)

    def forward(self, x):
        x = x + self.attention(self.attention_norm(x))
        return x + self.moe(self.ffn_norm(x))


class Mixtral(nn.Module):
    def __init__(self):
        super().__init__()
        c = config()
        self.tok = nn.Embedding(c["vocab"], c["dim"])
        self.layers = nn.ModuleList([Layer(c) for _ in range(c["layers"])])
        self.norm = RMSNorm(c["dim"], c["eps"])
        self.output = nn.Linear(c["dim"], c["vocab"], bias=False)

    def forward(self, ids):
        x = self.tok(ids)
        for layer in self.layers:
            x = layer(x)
        return self.output(self.norm(x))
