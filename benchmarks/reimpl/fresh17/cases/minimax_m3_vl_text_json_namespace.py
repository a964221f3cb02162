"""The MiniMax-M3-VL text tower read from a JSON string with ``object_hook=SimpleNamespace``
(attribute access on nested sections); q/k norms, routed experts plus a shared expert with one
fused gate|up projection split by ``chunk``. Forward: without RoPE (count-proved)."""

import json
from types import SimpleNamespace

import torch
import torch.nn as nn
import torch.nn.functional as F

RAW = """
{"text": {"vocab": 256, "hidden": 64, "layers": 2,
          "attention": {"heads": 4, "kv_heads": 2, "head_dim": 16},
          "moe": {"experts": 4, "top_k": 2, "expert_ffn": 128, "shared_ffn": 32},
          "eps": 1e-05}}
"""
CFG = json.loads(RAW, object_hook=lambda d: SimpleNamespace(**d)).text


class Attention(nn.Module):
    def __init__(self, c):
        super().__init__()
        a = c.attention
        self.a = a
        self.q_proj = nn.Linear(c.hidden, a.heads * a.head_dim, bias=False)
        self.k_proj = nn.Linear(c.hidden, a.kv_heads * a.head_dim, bias=False)
        self.v_proj = nn.Linear(c.hidden, a.kv_heads * a.head_dim, bias=False)
        self.o_proj = nn.Linear(a.heads * a.head_dim, c.hidden, bias=False)
        self.q_norm = nn.RMSNorm(a.head_dim, eps=c.eps)
        self.k_norm = nn.RMSNorm(a.head_dim, eps=c.eps)

    def forward(self, x):
        B, T, _ = x.shape
        hd = self.a.head_dim
        q = self.q_norm(self.q_proj(x).view(B, T, -1, hd)).transpose(1, 2)
        k = self.k_norm(self.k_proj(x).view(B, T, -1, hd)).transpose(1, 2)
        v = self.v_proj(x).view(B, T, -1, hd).transpose(1, 2)
        o = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        return self.o_proj(o.transpose(1, 2).reshape(B, T, -1))


class Shared(nn.Module):
    def __init__(self, d, f):
        super().__init__()
        self.gate_up_proj = nn.Linear(d, 2 * f, bias=False)
        self.down_proj = nn.Linear(f, d, bias=False)

    def forward(self, x):
        g, u = self.gate_up_proj(x).chunk(2, -1)
        return self.down_proj(F.silu(g) * u)


class Routed(nn.Module):
    def __init__(self, c):
        super().__init__()
        m = c.moe
        self.k = m.top_k
        self.gate = nn.Linear(c.hidden, m.experts, bias=False)
        self.experts = nn.ParameterDict(
            {
                "gate_up_proj": nn.Parameter(torch.zeros(m.experts, 2 * m.expert_ffn, c.hidden)),
                "down_proj": nn.Parameter(torch.zeros(m.experts, c.hidden, m.expert_ffn)),
            }
        )
        self.shared_experts = Shared(c.hidden, m.shared_ffn)

    def forward(self, x):
        w, idx = self.gate(x).sigmoid().topk(self.k, -1)
        out = self.shared_experts(x)
        for j in range(self.k):
            g, u = torch.einsum(
                "btd,btfd->btf", x, self.experts["gate_up_proj"][idx[..., j]]
            ).chunk(2, -1)
            out = out + w[..., j, None] * torch.einsum(
                "btf,btdf->btd", F.silu(g) * u, self.experts["down_proj"][idx[..., j]]
            )
        return out


class Layer(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.input_layernorm = nn.RMSNorm(c.hidden, eps=c.eps)
        self.self_attn = Attention(c)
        self.post_attention_layernorm = nn.RMSNorm(c.hidden, eps=c.eps)
        self.mlp = Routed(c)

    def forward(self, x):
        x = x + self.self_attn(self.input_layernorm(x))
        return x + self.mlp(self.post_attention_layernorm(x))


class MiniMaxM3Text(nn.Module):
    def __init__(self, c=CFG):
        super().__init__()
        self.embed_tokens = nn.Embedding(c.vocab, c.hidden)
        self.layers = nn.ModuleList(Layer(c) for _ in range(c.layers))
        self.norm = nn.RMSNorm(c.hidden, eps=c.eps)

    def forward(self, ids):
        x = self.embed_tokens(ids)
        for layer in self.layers:
            x = layer(x)
        return self.norm(x)
