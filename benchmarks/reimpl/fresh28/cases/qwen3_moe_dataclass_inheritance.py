"""Qwen3-MoE sized by a chain of dataclasses: a dense ``TransformerConfig`` (Qwen3-30B-A3B's
attention sizes), ``MoETransformerConfig(TransformerConfig)`` adding the experts (its sizes too),
and the run's ``TinyMoEConfig(MoETransformerConfig)`` redeclaring the fields it changes; the
fields it leaves alone keep the parents' defaults. Each expert its own gated MLP in a
ModuleList, routed by softmax -> top-k -> renormalised weights."""

from dataclasses import dataclass

import torch
import torch.nn.functional as F
from torch import nn


@dataclass
class TransformerConfig:
    vocab: int = 151936
    d_model: int = 2048
    n_layers: int = 48
    n_heads: int = 32
    n_kv: int = 4
    head_dim: int = 128
    theta: float = 1000000.0
    eps: float = 1e-6


@dataclass
class MoETransformerConfig(TransformerConfig):
    n_experts: int = 128
    top_k: int = 8
    expert_ffn: int = 768


@dataclass
class TinyMoEConfig(MoETransformerConfig):
    vocab: int = 512
    d_model: int = 64
    n_layers: int = 2
    n_heads: int = 4
    n_kv: int = 2
    head_dim: int = 16
    n_experts: int = 8
    top_k: int = 2
    expert_ffn: int = 48


C = TinyMoEConfig()


class RMSNorm(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(n))

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + C.eps)


def rotate(x):
    h = x.shape[-1] // 2
    return torch.cat((-x[..., h:], x[..., :h]), -1)


class SelfAttn(nn.Module):
    def __init__(self):
        super().__init__()
        self.q_proj = nn.Linear(C.d_model, C.n_heads * C.head_dim, bias=False)
        self.k_proj = nn.Linear(C.d_model, C.n_kv * C.head_dim, bias=False)
        self.v_proj = nn.Linear(C.d_model, C.n_kv * C.head_dim, bias=False)
        self.o_proj = nn.Linear(C.n_heads * C.head_dim, C.d_model, bias=False)
        self.q_norm = RMSNorm(C.head_dim)
        self.k_norm = RMSNorm(C.head_dim)

    def forward(self, x):
        b, t, _ = x.shape
        q = self.q_norm(self.q_proj(x).view(b, t, -1, C.head_dim)).transpose(1, 2)
        k = self.k_norm(self.k_proj(x).view(b, t, -1, C.head_dim)).transpose(1, 2)
        v = self.v_proj(x).view(b, t, -1, C.head_dim).transpose(1, 2)
        freqs = 1.0 / C.theta ** (torch.arange(0, C.head_dim, 2).float() / C.head_dim)
        ang = torch.arange(t).float()[:, None] * freqs
        ang = torch.cat([ang, ang], -1)
        q = q * ang.cos() + rotate(q) * ang.sin()
        k = k * ang.cos() + rotate(k) * ang.sin()
        o = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        return self.o_proj(o.transpose(1, 2).reshape(b, t, -1))


class Expert(nn.Module):
    def __init__(self):
        super().__init__()
        self.gate_proj = nn.Linear(C.d_model, C.expert_ffn, bias=False)
        self.up_proj = nn.Linear(C.d_model, C.expert_ffn, bias=False)
        self.down_proj = nn.Linear(C.expert_ffn, C.d_model, bias=False)

    def forward(self, x):
        return self.down_proj(F.silu(self.gate_proj(x)) * self.up_proj(x))


class SparseBlock(nn.Module):
    def __init__(self):
        super().__init__()
        self.gate = nn.Linear(C.d_model, C.n_experts, bias=False)
        self.experts = nn.ModuleList(Expert() for _ in range(C.n_experts))

    def forward(self, x):
        flat = x.reshape(-1, x.shape[-1])
        probs = self.gate(flat).softmax(-1)
        w, idx = probs.topk(C.top_k, -1)
        w = w / w.sum(-1, keepdim=True)
        out = torch.zeros_like(flat)
        for e, expert in enumerate(self.experts):
            rows, slot = (idx == e).nonzero(as_tuple=True)
            if rows.numel():
                out.index_add_(0, rows, expert(flat[rows]) * w[rows, slot, None])
        return out.view_as(x)


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.input_layernorm = RMSNorm(C.d_model)
        self.self_attn = SelfAttn()
        self.post_attention_layernorm = RMSNorm(C.d_model)
        self.mlp = SparseBlock()

    def forward(self, x):
        x = x + self.self_attn(self.input_layernorm(x))
        return x + self.mlp(self.post_attention_layernorm(x))


class Qwen3Moe(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed_tokens = nn.Embedding(C.vocab, C.d_model)
        self.layers = nn.ModuleList(Block() for _ in range(C.n_layers))
        self.norm = RMSNorm(C.d_model)
        self.lm_head = nn.Linear(C.d_model, C.vocab, bias=False)

    def forward(self, ids):
        x = self.embed_tokens(ids)
        for blk in self.layers:
            x = blk(x)
        return self.lm_head(self.norm(x))
