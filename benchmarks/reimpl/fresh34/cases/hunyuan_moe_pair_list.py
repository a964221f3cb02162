"""Hunyuan-MoE (v1) decoder: a shared SwiGLU expert next to top-k routed experts, per-head QK-norm.

Hyper-parameters come as (name, value) pairs, as dumped from the original training script.
"""

import torch
import torch.nn as nn
import torch.nn.functional as F

SPEC = [
    ("vocab", 512),
    ("hidden", 64),
    ("expert_ffn", 96),
    ("n_layers", 2),
    ("n_heads", 4),
    ("n_kv", 2),
    ("head_dim", 16),
    ("n_experts", 4),
    ("topk", 2),
    ("theta", 10000.0),
    ("eps", 1e-5),
]
S = dict(SPEC)


class RMS(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.w = nn.Parameter(torch.ones(n))

    def forward(self, x):
        return self.w * x / torch.sqrt(x.pow(2).mean(-1, keepdim=True) + S["eps"])


def positions(t, d, device):
    inv = S["theta"] ** (-torch.arange(0, d, 2, device=device).float() / d)
    f = torch.outer(torch.arange(t, device=device).float(), inv)
    f = torch.cat((f, f), -1)
    return f.cos()[None, None], f.sin()[None, None]


def spin(x, cos, sin):
    x1, x2 = torch.split(x, x.shape[-1] // 2, dim=-1)
    return x * cos + torch.cat((-x2, x1), dim=-1) * sin


class Attention(nn.Module):
    def __init__(self):
        super().__init__()
        h, kv, hd = S["n_heads"], S["n_kv"], S["head_dim"]
        self.h, self.kv, self.hd = h, kv, hd
        self.q = nn.Linear(S["hidden"], h * hd, bias=False)
        self.k = nn.Linear(S["hidden"], kv * hd, bias=False)
        self.v = nn.Linear(S["hidden"], kv * hd, bias=False)
        self.o = nn.Linear(h * hd, S["hidden"], bias=False)
        self.qn = RMS(hd)
        self.kn = RMS(hd)

    def forward(self, x):
        b, t, _ = x.shape
        q = self.q(x).unflatten(-1, (self.h, self.hd)).transpose(1, 2)
        k = self.k(x).unflatten(-1, (self.kv, self.hd)).transpose(1, 2)
        v = self.v(x).unflatten(-1, (self.kv, self.hd)).transpose(1, 2)
        cos, sin = positions(t, self.hd, x.device)
        q, k = self.qn(spin(q, cos, sin)), self.kn(spin(k, cos, sin))
        q = q.reshape(b, self.kv, self.h // self.kv, t, self.hd)
        att = torch.einsum("bkgqd,bksd->bkgqs", q, k) * self.hd**-0.5
        mask = torch.full((t, t), float("-inf"), device=x.device).triu(1)
        att = (att + mask).softmax(-1)
        y = torch.einsum("bkgqs,bksd->bkgqd", att, v).reshape(b, self.h, t, self.hd)
        return self.o(y.transpose(1, 2).flatten(2))


class Expert(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc_gate = nn.Linear(S["hidden"], S["expert_ffn"], bias=False)
        self.fc_up = nn.Linear(S["hidden"], S["expert_ffn"], bias=False)
        self.fc_down = nn.Linear(S["expert_ffn"], S["hidden"], bias=False)

    def forward(self, x):
        return self.fc_down(F.silu(self.fc_gate(x)) * self.fc_up(x))


class MoE(nn.Module):
    def __init__(self):
        super().__init__()
        self.router = nn.Linear(S["hidden"], S["n_experts"], bias=False)
        self.experts = nn.ModuleList(Expert() for _ in range(S["n_experts"]))
        self.shared = Expert()

    def forward(self, x):
        flat = x.reshape(-1, x.shape[-1])
        weights = F.softmax(self.router(flat), dim=-1)
        weights, chosen = weights.topk(S["topk"], dim=-1)
        weights = weights / weights.sum(-1, keepdim=True)
        routed = torch.zeros_like(flat)
        for slot in range(S["topk"]):
            for idx, expert in enumerate(self.experts):
                hit = chosen[:, slot] == idx
                if hit.any():
                    routed[hit] += weights[hit, slot, None] * expert(flat[hit])
        return self.shared(x) + routed.view_as(x)


class DecoderLayer(nn.Module):
    def __init__(self):
        super().__init__()
        self.ln_1 = RMS(S["hidden"])
        self.attn = Attention()
        self.ln_2 = RMS(S["hidden"])
        self.moe = MoE()

    def forward(self, x):
        x = x + self.attn(self.ln_1(x))
        return x + self.moe(self.ln_2(x))


class HunyuanMoE(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(S["vocab"], S["hidden"])
        self.layers = nn.ModuleList(DecoderLayer() for _ in range(S["n_layers"]))
        self.ln_f = RMS(S["hidden"])
        self.unembed = nn.Linear(S["hidden"], S["vocab"], bias=False)

    def forward(self, ids):
        x = self.embed(ids)
        for layer in self.layers:
            x = layer(x)
        return self.unembed(self.ln_f(x))
