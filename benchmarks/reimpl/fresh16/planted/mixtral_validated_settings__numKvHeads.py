"""Mixtral (8 routed experts in the real model, top-2 softmax routing) with settings checked
by a ``__setattr__`` validator class (our config system rejects odd widths at assignment)."""

import torch
import torch.nn as nn
import torch.nn.functional as F


class Settings:
    def __setattr__(self, key, value):
        if key.startswith("n_") and (not isinstance(value, int) or value <= 0):
            raise ValueError(f"{key} must be a positive int")
        super().__setattr__(key, value)


S = Settings()
S.n_vocab = 256
S.n_embd = 64
S.n_layer = 2
S.n_head = 4
S.n_kv_head = 4
S.n_expert = 4
S.n_expert_ffn = 96
S.top_k = 2
S.eps = 1e-5


class RMSNorm(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(d))

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + S.eps)


class Attention(nn.Module):
    def __init__(self):
        super().__init__()
        self.hd = S.n_embd // S.n_head
        self.q_proj = nn.Linear(S.n_embd, S.n_head * self.hd, bias=False)
        self.k_proj = nn.Linear(S.n_embd, S.n_kv_head * self.hd, bias=False)
        self.v_proj = nn.Linear(S.n_embd, S.n_kv_head * self.hd, bias=False)
        self.o_proj = nn.Linear(S.n_head * self.hd, S.n_embd, bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        q = self.q_proj(x).view(b, t, S.n_head, self.hd).transpose(1, 2)
        k = self.k_proj(x).view(b, t, S.n_kv_head, self.hd).transpose(1, 2)
        v = self.v_proj(x).view(b, t, S.n_kv_head, self.hd).transpose(1, 2)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        return self.o_proj(y.transpose(1, 2).reshape(b, t, -1))


class SparseMoE(nn.Module):
    def __init__(self):
        super().__init__()
        self.gate = nn.Linear(S.n_embd, S.n_expert, bias=False)
        self.w1 = nn.Parameter(torch.empty(S.n_expert, S.n_expert_ffn, S.n_embd))
        self.w3 = nn.Parameter(torch.empty(S.n_expert, S.n_expert_ffn, S.n_embd))
        self.w2 = nn.Parameter(torch.empty(S.n_expert, S.n_embd, S.n_expert_ffn))

    def forward(self, x):
        probs = self.gate(x).softmax(-1)
        top, idx = probs.topk(S.top_k, -1)
        top = top / top.sum(-1, keepdim=True)
        out = torch.zeros_like(x)
        for e in range(S.n_expert):
            w = (top * (idx == e)).sum(-1, keepdim=True)
            h = F.silu(x @ self.w1[e].T) * (x @ self.w3[e].T)
            out = out + w * (h @ self.w2[e].T)
        return out


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        self.input_layernorm, self.self_attn = RMSNorm(S.n_embd), Attention()
        self.post_attention_layernorm, self.block_sparse_moe = RMSNorm(S.n_embd), SparseMoE()

    def forward(self, x):
        x = x + self.self_attn(self.input_layernorm(x))
        return x + self.block_sparse_moe(self.post_attention_layernorm(x))


class Mixtral(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed_tokens = nn.Embedding(S.n_vocab, S.n_embd)
        self.layers = nn.ModuleList(Layer() for _ in range(S.n_layer))
        self.norm = RMSNorm(S.n_embd)

    def forward(self, ids):
        x = self.embed_tokens(ids)
        for layer in self.layers:
            x = layer(x)
        return self.norm(x)
