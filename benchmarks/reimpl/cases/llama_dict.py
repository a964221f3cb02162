"""Llama configured by a dict."""

import math

import torch
import torch.nn as nn
import torch.nn.functional as F

CONFIG = {
    "dim": 64,
    "n_layers": 2,
    "n_heads": 4,
    "n_kv_heads": 2,
    "head_dim": 16,
    "vocab_size": 1000,
    "hidden_dim": 176,
    "norm_eps": 1e-05,
    "rope_theta": 10000.0,
    "max_seq_len": 256,
}



class RMSNorm(nn.Module):
    """Root-mean-square norm, no bias, no mean subtraction."""

    def __init__(self, size, eps):
        super().__init__()
        self.scale = nn.Parameter(torch.ones(size))
        self.eps = eps

    def forward(self, x):
        rms = torch.sqrt(torch.mean(x * x, dim=-1, keepdim=True) + self.eps)
        return self.scale * (x / rms)


def precompute_freqs_cis(dim: int, end: int, theta: float):
    freqs = 1.0 / (theta ** (torch.arange(0, dim, 2)[: (dim // 2)].float() / dim))
    t = torch.arange(end, device=freqs.device).float()
    freqs = torch.outer(t, freqs)
    return torch.polar(torch.ones_like(freqs), freqs)


def apply_rotary_emb(xq, xk, freqs_cis):
    xq_ = torch.view_as_complex(xq.float().reshape(*xq.shape[:-1], -1, 2))
    xk_ = torch.view_as_complex(xk.float().reshape(*xk.shape[:-1], -1, 2))
    freqs_cis = freqs_cis[: xq.shape[1]].view(1, xq.shape[1], 1, xq_.shape[-1])
    xq_out = torch.view_as_real(xq_ * freqs_cis).flatten(3)
    xk_out = torch.view_as_real(xk_ * freqs_cis).flatten(3)
    return xq_out.type_as(xq), xk_out.type_as(xk)

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
        q, k = apply_rotary_emb(q, k, rope)
        q, k, v = q.transpose(1, 2), k.transpose(1, 2), v.transpose(1, 2)
        rep = self.n_heads // self.n_kv_heads
        k = k.repeat_interleave(rep, dim=1)
        v = v.repeat_interleave(rep, dim=1)
        out = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        out = out.transpose(1, 2).contiguous().view(bsz, seqlen, -1)
        return self.o_proj(out)


class GatedMLP(nn.Module):
    def __init__(self, dim, hidden_dim):
        super().__init__()
        self.gate_proj = nn.Linear(dim, hidden_dim, bias=False)
        self.down_proj = nn.Linear(hidden_dim, dim, bias=False)
        self.up_proj = nn.Linear(dim, hidden_dim, bias=False)

    def forward(self, x):
        return self.down_proj(F.silu(self.gate_proj(x)) * self.up_proj(x))


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
        self.embed_tokens = nn.Embedding(CONFIG["vocab_size"], CONFIG["dim"])
        self.layers = nn.ModuleList(
            [DecoderLayer(CONFIG["dim"], CONFIG["n_heads"], CONFIG["n_kv_heads"], CONFIG["head_dim"], CONFIG["hidden_dim"], CONFIG["norm_eps"]) for _ in range(CONFIG["n_layers"])]
        )
        self.norm = RMSNorm(CONFIG["dim"], eps=CONFIG["norm_eps"])
        self.lm_head = nn.Linear(CONFIG["dim"], CONFIG["vocab_size"], bias=False)
        self.register_buffer("freqs_cis", precompute_freqs_cis(CONFIG["head_dim"], CONFIG["max_seq_len"], CONFIG["rope_theta"]), persistent=False)

    def forward(self, tokens):
        h = self.embed_tokens(tokens)
        for layer in self.layers:
            h = layer(h, self.freqs_cis)
        return self.lm_head(self.norm(h))
