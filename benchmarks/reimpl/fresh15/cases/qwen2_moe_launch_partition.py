"""Qwen2-MoE with routed experts as stacked tensors and a sigmoid-gated shared expert; sizes by
str.partition over "key=value" tokens of a launch line."""

import torch
import torch.nn as nn
import torch.nn.functional as F

LAUNCH = "vocab=256 d=64 layers=2 heads=4 kv=2 experts=4 top_k=2 expert_ffn=32 shared_ffn=64"
A = {k: int(v) for k, _, v in (tok.partition("=") for tok in LAUNCH.split())}


class RMSNorm(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(d))

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-6)


class SharedExpert(nn.Module):
    def __init__(self, d, f):
        super().__init__()
        self.gate_proj = nn.Linear(d, f, bias=False)
        self.up_proj = nn.Linear(d, f, bias=False)
        self.down_proj = nn.Linear(f, d, bias=False)

    def forward(self, x):
        return self.down_proj(F.silu(self.gate_proj(x)) * self.up_proj(x))


class MoeBlock(nn.Module):
    def __init__(self):
        super().__init__()
        d, e, f = A["d"], A["experts"], A["expert_ffn"]
        self.router = nn.Linear(d, e, bias=False)
        self.gate_up = nn.Parameter(torch.empty(e, 2 * f, d))
        self.down = nn.Parameter(torch.empty(e, d, f))
        self.shared_expert = SharedExpert(d, A["shared_ffn"])
        self.shared_expert_gate = nn.Linear(d, 1, bias=False)

    def forward(self, x):
        w, idx = self.router(x).softmax(-1).topk(A["top_k"], -1)
        dense = torch.zeros(*x.shape[:-1], A["experts"]).scatter(-1, idx, w)
        g, u = torch.einsum("btd,efd->btef", x, self.gate_up).chunk(2, -1)
        y = torch.einsum("bte,btef,edf->btd", dense, F.silu(g) * u, self.down)
        return y + torch.sigmoid(self.shared_expert_gate(x)) * self.shared_expert(x)


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        d, h, kv = A["d"], A["heads"], A["kv"]
        self.hd = d // h
        self.q_proj = nn.Linear(d, h * self.hd)
        self.k_proj = nn.Linear(d, kv * self.hd)
        self.v_proj = nn.Linear(d, kv * self.hd)
        self.o_proj = nn.Linear(h * self.hd, d, bias=False)
        self.moe = MoeBlock()
        self.ln1, self.ln2 = RMSNorm(d), RMSNorm(d)

    def forward(self, x):
        b, t, _ = x.shape
        h = self.ln1(x)
        q, k, v = (
            p(h).view(b, t, -1, self.hd).transpose(1, 2)
            for p in (self.q_proj, self.k_proj, self.v_proj)
        )
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        x = x + self.o_proj(y.transpose(1, 2).reshape(b, t, -1))
        return x + self.moe(self.ln2(x))


class Qwen2Moe(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(A["vocab"], A["d"])
        self.layers = nn.ModuleList(Layer() for _ in range(A["layers"]))
        self.norm = RMSNorm(A["d"])
        self.lm_head = nn.Linear(A["d"], A["vocab"], bias=False)

    def forward(self, ids):
        x = self.embed(ids)
        for layer in self.layers:
            x = layer(x)
        return self.lm_head(self.norm(x))
