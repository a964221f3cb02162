"""Mixtral with its experts as a plain list of SwiGLU modules and a hand-written top-2 router
loop; sizes from a hyper-parameter string ``"L2-D64-H4-KV2-E4-K2-F96-V256"``."""

import re

import torch
import torch.nn as nn
import torch.nn.functional as F

SPEC = "L2-D64-H4-KV4-E4-K2-F96-V256"
HP = {k: int(v) for k, v in re.findall(r"([A-Z]+)(\d+)", SPEC)}
THETA, EPS = 10000.0, 1e-5


class Expert(nn.Module):
    def __init__(self):
        super().__init__()
        self.w1 = nn.Linear(HP["D"], HP["F"], bias=False)
        self.w3 = nn.Linear(HP["D"], HP["F"], bias=False)
        self.w2 = nn.Linear(HP["F"], HP["D"], bias=False)

    def forward(self, x):
        return self.w2(F.silu(self.w1(x)) * self.w3(x))


class SparseMoe(nn.Module):
    def __init__(self):
        super().__init__()
        self.gate = nn.Linear(HP["D"], HP["E"], bias=False)
        self.experts = nn.ModuleList(Expert() for _ in range(HP["E"]))

    def forward(self, x):
        shape = x.shape
        x = x.reshape(-1, shape[-1])
        probs = self.gate(x).softmax(-1)
        w, idx = probs.topk(HP["K"], -1)
        w = w / w.sum(-1, keepdim=True)
        out = torch.zeros_like(x)
        for e, expert in enumerate(self.experts):
            rows, slot = (idx == e).nonzero(as_tuple=True)
            if rows.numel():
                out.index_add_(0, rows, expert(x[rows]) * w[rows, slot, None])
        return out.view(shape)


class Attention(nn.Module):
    def __init__(self):
        super().__init__()
        hd = HP["D"] // HP["H"]
        self.wq = nn.Linear(HP["D"], HP["H"] * hd, bias=False)
        self.wk = nn.Linear(HP["D"], HP["KV"] * hd, bias=False)
        self.wv = nn.Linear(HP["D"], HP["KV"] * hd, bias=False)
        self.wo = nn.Linear(HP["H"] * hd, HP["D"], bias=False)

    def forward(self, x, cos, sin):
        B, T, _ = x.shape
        hd = HP["D"] // HP["H"]

        def rot(t):
            return t * cos + torch.cat([-t[..., hd // 2 :], t[..., : hd // 2]], -1) * sin

        q = rot(self.wq(x).view(B, T, HP["H"], hd).transpose(1, 2))
        k = rot(self.wk(x).view(B, T, HP["KV"], hd).transpose(1, 2))
        v = self.wv(x).view(B, T, HP["KV"], hd).transpose(1, 2)
        o = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        return self.wo(o.transpose(1, 2).reshape(B, T, -1))


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        self.attention_norm = nn.RMSNorm(HP["D"], eps=EPS)
        self.attention = Attention()
        self.ffn_norm = nn.RMSNorm(HP["D"], eps=EPS)
        self.block_sparse_moe = SparseMoe()

    def forward(self, x, cos, sin):
        x = x + self.attention(self.attention_norm(x), cos, sin)
        return x + self.block_sparse_moe(self.ffn_norm(x))


class Mixtral(nn.Module):
    def __init__(self):
        super().__init__()
        self.tok_embeddings = nn.Embedding(HP["V"], HP["D"])
        self.layers = nn.ModuleList(Layer() for _ in range(HP["L"]))
        self.norm = nn.RMSNorm(HP["D"], eps=EPS)

    def forward(self, ids):
        hd = HP["D"] // HP["H"]
        inv = 1.0 / THETA ** (torch.arange(0, hd, 2).float() / hd)
        a = torch.arange(ids.shape[1]).float()[:, None] * inv
        a = torch.cat([a, a], -1)
        x = self.tok_embeddings(ids)
        for layer in self.layers:
            x = layer(x, a.cos(), a.sin())
        return self.norm(x)
