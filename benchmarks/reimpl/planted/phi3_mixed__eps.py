"""Phi-3, fused attention, separate MLP."""

import math

import torch
import torch.nn as nn
import torch.nn.functional as F



class RMSNorm(nn.Module):
    def __init__(self, dim: int, eps: float = 1e-6):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(dim))

    def _norm(self, x):
        return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps)

    def forward(self, x):
        return self._norm(x.float()).type_as(x) * self.weight


def rotate_half(x):
    x1, x2 = x.chunk(2, dim=-1)
    return torch.cat((-x2, x1), dim=-1)


class Rotary(nn.Module):
    def __init__(self, dim, max_len, base):
        super().__init__()
        inv_freq = 1.0 / (base ** (torch.arange(0, dim, 2).float() / dim))
        t = torch.arange(max_len).float()
        emb = torch.cat([torch.outer(t, inv_freq)] * 2, dim=-1)
        self.register_buffer("cos_cached", emb.cos(), persistent=False)
        self.register_buffer("sin_cached", emb.sin(), persistent=False)

    def forward(self, q, k):
        n = q.shape[2]
        cos, sin = self.cos_cached[:n], self.sin_cached[:n]
        return q * cos + rotate_half(q) * sin, k * cos + rotate_half(k) * sin

class CausalSelfAttention(nn.Module):
    def __init__(self, dim, n_heads, n_kv_heads, head_dim):
        super().__init__()
        self.n_heads = n_heads
        self.n_kv_heads = n_kv_heads
        self.head_dim = head_dim
        self.c_attn = nn.Linear(dim, (n_heads + 2 * n_kv_heads) * head_dim, bias=False)
        self.proj = nn.Linear(n_heads * head_dim, dim, bias=False)

    def forward(self, x, rope):
        bsz, seqlen, _ = x.shape
        qkv = self.c_attn(x)
        q_size, kv_size = self.n_heads * self.head_dim, self.n_kv_heads * self.head_dim
        q, k, v = qkv.split([q_size, kv_size, kv_size], dim=-1)
        q = q.view(bsz, seqlen, self.n_heads, self.head_dim)
        k = k.view(bsz, seqlen, self.n_kv_heads, self.head_dim)
        v = v.view(bsz, seqlen, self.n_kv_heads, self.head_dim)
        q, k, v = q.transpose(1, 2), k.transpose(1, 2), v.transpose(1, 2)
        q, k = rope(q, k)
        rep = self.n_heads // self.n_kv_heads
        k = k.repeat_interleave(rep, dim=1)
        v = v.repeat_interleave(rep, dim=1)
        out = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        out = out.transpose(1, 2).contiguous().view(bsz, seqlen, -1)
        return self.proj(out)


class MLP(nn.Module):
    def __init__(self, dim, hidden_dim):
        super().__init__()
        self.fc_gate = nn.Linear(dim, hidden_dim, bias=False)
        self.fc_out = nn.Linear(hidden_dim, dim, bias=False)
        self.fc_in = nn.Linear(dim, hidden_dim, bias=False)

    def forward(self, x):
        return self.fc_out(F.silu(self.fc_gate(x)) * self.fc_in(x))


class Block(nn.Module):
    def __init__(self, dim, n_heads, n_kv_heads, head_dim, hidden_dim, eps):
        super().__init__()
        self.attn = CausalSelfAttention(dim, n_heads, n_kv_heads, head_dim)
        self.mlp = MLP(dim, hidden_dim)
        self.ln_1 = RMSNorm(dim, eps=eps)
        self.ln_2 = RMSNorm(dim, eps=eps)

    def forward(self, x, rope):
        h = x + self.attn(self.ln_1(x), rope)
        return h + self.mlp(self.ln_2(h))


class GPT(nn.Module):
    def __init__(
        self,
        dim=64,
        n_layers=2,
        n_heads=4,
        n_kv_heads=4,
        head_dim=16,
        vocab_size=1000,
        hidden_dim=128,
        norm_eps=0.0001,
        rope_theta=10000.0,
        max_seq_len=256,
    ):
        super().__init__()
        self.wte = nn.Embedding(vocab_size, dim)
        self.blocks = nn.ModuleList(
            [Block(dim, n_heads, n_kv_heads, head_dim, hidden_dim, norm_eps) for _ in range(n_layers)]
        )
        self.ln_f = RMSNorm(dim, eps=norm_eps)
        self.lm_head = nn.Linear(dim, vocab_size, bias=False)
        self.rotary = Rotary(head_dim, max_seq_len, rope_theta)

    def forward(self, tokens):
        h = self.wte(tokens)
        for layer in self.blocks:
            h = layer(h, self.rotary)
        return self.lm_head(self.ln_f(h))
