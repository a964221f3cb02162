"""A sparse-MoE code model (every layer routed, QK-norm per head). Layers sit in an
nn.ModuleDict keyed by their index as a string, so a checkpoint's "blocks.3.*" names and
per-layer overrides ("3": {...}) line up with the keys."""

import torch
import torch.nn as nn
import torch.nn.functional as F

CFG = dict(
    vocab=640,
    dim=64,
    layers=2,
    heads=4,
    kv_heads=2,
    head_dim=16,
    n_experts=4,
    top_k=2,
    expert_hidden=64,
    rope_theta=500000.0,
    eps=1e-6,
)


class Expert(nn.Module):
    def __init__(self, dim, hidden):
        super().__init__()
        self.gate = nn.Linear(dim, hidden, bias=False)
        self.up = nn.Linear(dim, hidden, bias=False)
        self.down = nn.Linear(hidden, dim, bias=False)

    def forward(self, x):
        return self.down(F.silu(self.gate(x)) * self.up(x))


class SparseMoE(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.top_k = c["top_k"]
        self.router = nn.Linear(c["dim"], c["n_experts"], bias=False)
        self.experts = nn.ModuleList(
            Expert(c["dim"], c["expert_hidden"]) for _ in range(c["n_experts"])
        )

    def forward(self, x):
        shape = x.shape
        x = x.reshape(-1, shape[-1])
        probs = self.router(x).softmax(-1)
        w, idx = probs.topk(self.top_k, -1)
        w = w / w.sum(-1, keepdim=True)
        out = torch.zeros_like(x)
        for e, expert in enumerate(self.experts):
            rows, slot = (idx == e).nonzero(as_tuple=True)
            if rows.numel():
                out.index_add_(0, rows, expert(x[rows]) * w[rows, slot, None])
        return out.view(shape)


class Attention(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.c = c
        self.q = nn.Linear(c["dim"], c["heads"] * c["head_dim"], bias=False)
        self.k = nn.Linear(c["dim"], c["kv_heads"] * c["head_dim"], bias=False)
        self.v = nn.Linear(c["dim"], c["kv_heads"] * c["head_dim"], bias=False)
        self.o = nn.Linear(c["heads"] * c["head_dim"], c["dim"], bias=False)
        self.q_norm = nn.RMSNorm(c["head_dim"], eps=c["eps"])
        self.k_norm = nn.RMSNorm(c["head_dim"], eps=c["eps"])

    def forward(self, x):
        c = self.c
        b, t, _ = x.shape
        q = self.q_norm(self.q(x).view(b, t, c["heads"], -1)).transpose(1, 2)
        k = self.k_norm(self.k(x).view(b, t, c["kv_heads"], -1)).transpose(1, 2)
        v = self.v(x).view(b, t, c["kv_heads"], -1).transpose(1, 2)
        hd = c["head_dim"]
        inv = c["rope_theta"] ** (-torch.arange(0, hd, 2).float() / hd)
        a = torch.outer(torch.arange(t).float(), inv).repeat(1, 2)
        q = q * a.cos() + torch.cat((-q[..., hd // 2 :], q[..., : hd // 2]), -1) * a.sin()
        k = k * a.cos() + torch.cat((-k[..., hd // 2 :], k[..., : hd // 2]), -1) * a.sin()
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        return self.o(y.transpose(1, 2).reshape(b, t, -1))


class Block(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.ln1 = nn.RMSNorm(c["dim"], eps=c["eps"])
        self.attn = Attention(c)
        self.ln2 = nn.RMSNorm(c["dim"], eps=c["eps"])
        self.moe = SparseMoE(c)

    def forward(self, x):
        x = x + self.attn(self.ln1(x))
        return x + self.moe(self.ln2(x))


class MellumMoE(nn.Module):
    def __init__(self, c=CFG):
        super().__init__()
        self.tok = nn.Embedding(c["vocab"], c["dim"])
        self.blocks = nn.ModuleDict({str(i): Block(c) for i in range(c["layers"])})
        self.ln_f = nn.RMSNorm(c["dim"], eps=c["eps"])
        self.out = nn.Linear(c["dim"], c["vocab"], bias=False)

    def forward(self, ids):
        x = self.tok(ids)
        for key in sorted(self.blocks, key=int):
            x = self.blocks[key](x)
        return self.out(self.ln_f(x))
