"""Cohere 2 MoE (tiny) in the nested-ModuleList style of many research repos: each layer is
``nn.ModuleList([norm, attention, moe])`` and the forward unpacks the triple. The block is
parallel (attention and experts read the same normed input); the head is tied."""

import torch
import torch.nn.functional as F
from torch import nn

dim = 64
depth = 2
heads = 4
kv_heads = 4
dim_head = 16
num_experts = 4
top_k = 2
expert_dim = 128
num_tokens = 512
eps = 1e-5


class LayerNormNoBias(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(d))

    def forward(self, x):
        return F.layer_norm(x, (x.shape[-1],), self.weight, None, eps)


class Attention(nn.Module):
    def __init__(self):
        super().__init__()
        self.to_q = nn.Linear(dim, heads * dim_head, bias=False)
        self.to_k = nn.Linear(dim, kv_heads * dim_head, bias=False)
        self.to_v = nn.Linear(dim, kv_heads * dim_head, bias=False)
        self.to_out = nn.Linear(heads * dim_head, dim, bias=False)

    def forward(self, x):
        b, n, _ = x.shape
        q = self.to_q(x).view(b, n, heads, dim_head).transpose(1, 2)
        k = self.to_k(x).view(b, n, kv_heads, dim_head).transpose(1, 2)
        v = self.to_v(x).view(b, n, kv_heads, dim_head).transpose(1, 2)
        out = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        return self.to_out(out.transpose(1, 2).reshape(b, n, -1))


class Expert(nn.Module):
    def __init__(self):
        super().__init__()
        self.w_gate = nn.Linear(dim, expert_dim, bias=False)
        self.w_up = nn.Linear(dim, expert_dim, bias=False)
        self.w_down = nn.Linear(expert_dim, dim, bias=False)

    def forward(self, x):
        return self.w_down(F.silu(self.w_gate(x)) * self.w_up(x))


class MoE(nn.Module):
    def __init__(self):
        super().__init__()
        self.router = nn.Linear(dim, num_experts, bias=False)
        self.experts = nn.ModuleList([Expert() for _ in range(num_experts)])

    def forward(self, x):
        probs = self.router(x).softmax(-1)
        w, idx = probs.topk(top_k, dim=-1)
        w = w / w.sum(-1, keepdim=True)
        out = torch.zeros_like(x)
        for e, expert in enumerate(self.experts):
            sel = (idx == e).float() * w
            out = out + expert(x) * sel.sum(-1, keepdim=True)
        return out


class Cohere2MoE(nn.Module):
    def __init__(self):
        super().__init__()
        self.token_emb = nn.Embedding(num_tokens, dim)
        self.layers = nn.ModuleList([])
        for _ in range(depth):
            self.layers.append(nn.ModuleList([LayerNormNoBias(dim), Attention(), MoE()]))
        self.norm = LayerNormNoBias(dim)

    def forward(self, ids):
        x = self.token_emb(ids)
        for norm, attn, moe in self.layers:
            h = norm(x)
            x = x + attn(h) + moe(h)
        return self.norm(x) @ self.token_emb.weight.t()
