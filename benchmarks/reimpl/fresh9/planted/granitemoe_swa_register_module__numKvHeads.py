"""Granite MoE SWA (tiny): layers are attached with ``register_module(f"layer_{i}", ...)`` and
fetched back with ``get_submodule``; the experts are two stacked weight tensors; attention has
per-head sinks, and every layer but each fourth uses a sliding window."""

import math

import torch
import torch.nn.functional as F
from torch import nn

CFG = dict(
    vocab=640,
    d=64,
    n_layer=4,
    n_head=4,
    n_kv=1,
    n_expert=4,
    k=2,
    d_expert=96,
    window=32,
    eps=1e-6,
)


class StackedExperts(nn.Module):
    def __init__(self, d, n_expert, d_expert, k):
        super().__init__()
        self.k = k
        self.router = nn.Linear(d, n_expert, bias=False)
        self.gate_up = nn.Parameter(torch.empty(n_expert, 2 * d_expert, d))
        self.down = nn.Parameter(torch.empty(n_expert, d, d_expert))
        nn.init.normal_(self.gate_up, std=0.02)
        nn.init.normal_(self.down, std=0.02)

    def forward(self, x):
        logits = self.router(x)
        w, idx = logits.topk(self.k, -1)
        w = w.softmax(-1)
        out = torch.zeros_like(x)
        for e in range(self.gate_up.shape[0]):
            g, u = (x @ self.gate_up[e].t()).chunk(2, -1)
            y = (F.silu(g) * u) @ self.down[e].t()
            out = out + y * ((idx == e).float() * w).sum(-1, keepdim=True)
        return out


class SinkSWAttention(nn.Module):
    def __init__(self, c, sliding):
        super().__init__()
        self.c, self.sliding = c, sliding
        hd = c["d"] // c["n_head"]
        self.hd = hd
        self.q_proj = nn.Linear(c["d"], c["n_head"] * hd, bias=False)
        self.k_proj = nn.Linear(c["d"], c["n_kv"] * hd, bias=False)
        self.v_proj = nn.Linear(c["d"], c["n_kv"] * hd, bias=False)
        self.o_proj = nn.Linear(c["n_head"] * hd, c["d"], bias=False)
        self.sinks = nn.Parameter(torch.zeros(c["n_head"]))

    def forward(self, x):
        c, b, t = self.c, x.shape[0], x.shape[1]
        q = self.q_proj(x).view(b, t, c["n_head"], self.hd).transpose(1, 2)
        k = self.k_proj(x).view(b, t, c["n_kv"], self.hd).transpose(1, 2)
        v = self.v_proj(x).view(b, t, c["n_kv"], self.hd).transpose(1, 2)
        r = c["n_head"] // c["n_kv"]
        k, v = k.repeat_interleave(r, 1), v.repeat_interleave(r, 1)
        s = q @ k.transpose(-1, -2) / math.sqrt(self.hd)
        pos = torch.arange(t, device=x.device)
        bad = pos[None] > pos[:, None]
        if self.sliding:
            bad |= (pos[:, None] - pos[None]) >= c["window"]
        s = s.masked_fill(bad, float("-inf"))
        s = torch.cat([s, self.sinks.view(1, -1, 1, 1).expand(b, -1, t, 1)], -1)
        p = s.softmax(-1)[..., :t]
        return self.o_proj((p @ v).transpose(1, 2).reshape(b, t, -1))


class GraniteMoeSWALayer(nn.Module):
    def __init__(self, c, i):
        super().__init__()
        self.input_layernorm = nn.RMSNorm(c["d"], eps=c["eps"])
        self.self_attn = SinkSWAttention(c, sliding=i % 4 != 0)
        self.post_attention_layernorm = nn.RMSNorm(c["d"], eps=c["eps"])
        self.block_sparse_moe = StackedExperts(c["d"], c["n_expert"], c["d_expert"], c["k"])

    def forward(self, x):
        x = x + self.self_attn(self.input_layernorm(x))
        return x + self.block_sparse_moe(self.post_attention_layernorm(x))


class GraniteMoeSWA(nn.Module):
    def __init__(self, c=CFG):
        super().__init__()
        self.n_layer = c["n_layer"]
        self.embed_tokens = nn.Embedding(c["vocab"], c["d"])
        for i in range(c["n_layer"]):
            self.register_module(f"layer_{i}", GraniteMoeSWALayer(c, i))
        self.norm = nn.RMSNorm(c["d"], eps=c["eps"])
        self.lm_head = nn.Linear(c["d"], c["vocab"], bias=False)

    def forward(self, ids):
        x = self.embed_tokens(ids)
        for i in range(self.n_layer):
            x = self.get_submodule(f"layer_{i}")(x)
        return self.lm_head(self.norm(x))
