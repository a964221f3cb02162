"""A Llama decoder in HF's module names; the width is the largest one our kernels support."""

import heapq

import torch
import torch.nn as nn
import torch.nn.functional as F

SUPPORTED_WIDTHS = [32, 48, 64, 40]
D = heapq.nlargest(1, SUPPORTED_WIDTHS)[0]
V, L, H, KV, F_DIM = 512, 2, 4, 1, 176
THETA, EPS = 50000.0, 1e-5
HD = D // H


class RMSNorm(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(n))

    def forward(self, x):
        return self.weight * (x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + EPS))


def rotary(q, k):
    t = q.shape[-2]
    inv = 1.0 / (THETA ** (torch.arange(0, HD, 2, dtype=torch.int64).float() / HD))
    f = torch.outer(torch.arange(t).float(), inv)
    emb = torch.cat((f, f), -1)
    cos, sin = emb.cos(), emb.sin()

    def rot(x):
        return torch.cat((-x[..., HD // 2 :], x[..., : HD // 2]), -1)

    return q * cos + rot(q) * sin, k * cos + rot(k) * sin


class LlamaAttention(nn.Module):
    def __init__(self):
        super().__init__()
        self.q_proj = nn.Linear(D, H * HD, bias=False)
        self.k_proj = nn.Linear(D, KV * HD, bias=False)
        self.v_proj = nn.Linear(D, KV * HD, bias=False)
        self.o_proj = nn.Linear(H * HD, D, bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        q = self.q_proj(x).view(b, t, H, HD).transpose(1, 2)
        k = self.k_proj(x).view(b, t, KV, HD).transpose(1, 2)
        v = self.v_proj(x).view(b, t, KV, HD).transpose(1, 2)
        q, k = rotary(q, k)
        k, v = k.repeat_interleave(H // KV, 1), v.repeat_interleave(H // KV, 1)
        o = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.o_proj(o.transpose(1, 2).reshape(b, t, H * HD))


class LlamaMLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.gate_proj = nn.Linear(D, F_DIM, bias=False)
        self.up_proj = nn.Linear(D, F_DIM, bias=False)
        self.down_proj = nn.Linear(F_DIM, D, bias=False)

    def forward(self, x):
        return self.down_proj(F.silu(self.gate_proj(x)) * self.up_proj(x))


class LlamaDecoderLayer(nn.Module):
    def __init__(self):
        super().__init__()
        self.self_attn = LlamaAttention()
        self.mlp = LlamaMLP()
        self.input_layernorm = RMSNorm(D)
        self.post_attention_layernorm = RMSNorm(D)

    def forward(self, x):
        x = x + self.self_attn(self.input_layernorm(x))
        return x + self.mlp(self.post_attention_layernorm(x))


class LlamaForCausalLM(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed_tokens = nn.Embedding(V, D)
        self.layers = nn.ModuleList(LlamaDecoderLayer() for _ in range(L))
        self.norm = RMSNorm(D)
        self.lm_head = nn.Linear(D, V, bias=False)

    def forward(self, ids):
        x = self.embed_tokens(ids)
        for layer in self.layers:
            x = layer(x)
        return self.lm_head(self.norm(x))
