"""Llama with fused QKV and a fused gate/up projection."""

import math

import torch
import torch.nn as nn
import torch.nn.functional as F

DIM = 64
N_LAYERS = 2
N_HEADS = 4
N_KV_HEADS = 2
HEAD_DIM = 16
VOCAB_SIZE = 1000
HIDDEN_DIM = 176
NORM_EPS = 1e-05
ROPE_THETA = 10000.0
MAX_SEQ_LEN = 256



class RMSNorm(nn.Module):
    """Root-mean-square norm, no bias, no mean subtraction."""

    def __init__(self, size, eps):
        super().__init__()
        self.scale = nn.Parameter(torch.ones(size))
        self.eps = eps

    def forward(self, x):
        rms = torch.sqrt(torch.mean(x * x, dim=-1, keepdim=True) + self.eps)
        return self.scale * (x / rms)


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

class SelfAttention(nn.Module):
    def __init__(self, dim, n_heads, n_kv_heads, head_dim):
        super().__init__()
        self.n_heads = n_heads
        self.n_kv_heads = n_kv_heads
        self.head_dim = head_dim
        self.qkv_proj = nn.Linear(dim, (n_heads + 2 * n_kv_heads) * head_dim, bias=False)
        self.o_proj = nn.Linear(n_heads * head_dim, dim, bias=False)

    def forward(self, x, rope):
        bsz, seqlen, _ = x.shape
        qkv = self.qkv_proj(x)
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
        return self.o_proj(out)


class GatedMLP(nn.Module):
    def __init__(self, dim, hidden_dim):
        super().__init__()
        self.gate_up_proj = nn.Linear(dim, 2 * hidden_dim, bias=False)
        self.down_proj = nn.Linear(hidden_dim, dim, bias=False)

    def forward(self, x):
        gate, up = self.gate_up_proj(x).chunk(2, dim=-1)
        return self.down_proj(F.silu(gate) * up)


class DecoderLayer(nn.Module):
    def __init__(self, dim, n_heads, n_kv_heads, head_dim, hidden_dim, eps):
        super().__init__()
        self.self_attn = SelfAttention(dim, n_heads, n_kv_heads, head_dim)
        self.mlp = GatedMLP(dim, hidden_dim)
        self.input_layernorm = RMSNorm(dim, eps=eps)
        self.post_attention_layernorm = RMSNorm(dim, eps=eps)

    def forward(self, x, rope):
        h = x + self.self_attn(self.input_layernorm(x), rope)
        return h + self.mlp(self.post_attention_layernorm(h))


class CausalLM(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed_tokens = nn.Embedding(VOCAB_SIZE, DIM)
        self.layers = nn.ModuleList(
            [DecoderLayer(DIM, N_HEADS, N_KV_HEADS, HEAD_DIM, HIDDEN_DIM, NORM_EPS) for _ in range(N_LAYERS)]
        )
        self.norm = RMSNorm(DIM, eps=NORM_EPS)
        self.lm_head = nn.Linear(DIM, VOCAB_SIZE, bias=False)
        self.rotary = Rotary(HEAD_DIM, MAX_SEQ_LEN, ROPE_THETA)

    def forward(self, tokens):
        h = self.embed_tokens(tokens)
        for layer in self.layers:
            h = layer(h, self.rotary)
        return self.lm_head(self.norm(h))
