"""DeepSeek-V2-Lite-shaped model with multi-head latent attention: a frozen dataclass preset of
the full-size model, shrunk with ``dataclasses.replace`` for experiments. Queries come straight
from the hidden state (no q LoRA), keys and values through a compressed latent (+ one shared
rotary key), MoE layers after the first dense one with a shared expert."""

import dataclasses
import math

import torch
import torch.nn.functional as F
from torch import nn


@dataclasses.dataclass(frozen=True)
class MLAConfig:
    vocab: int = 102400
    dim: int = 2048
    n_layers: int = 27
    n_heads: int = 16
    kv_lora_rank: int = 512
    qk_nope_dim: int = 128
    qk_rope_dim: int = 64
    v_dim: int = 128
    dense_ffn: int = 10944
    n_dense_layers: int = 1
    n_routed: int = 64
    n_shared: int = 2
    n_active: int = 6
    expert_ffn: int = 1408
    rope_theta: float = 10000.0
    eps: float = 1e-6


LITE = MLAConfig()
CFG = dataclasses.replace(
    LITE,
    vocab=640,
    dim=64,
    n_layers=3,
    n_heads=4,
    kv_lora_rank=32,
    qk_nope_dim=16,
    qk_rope_dim=8,
    v_dim=16,
    dense_ffn=160,
    n_routed=8,
    n_shared=1,
    n_active=2,
    expert_ffn=32,
)


def rms(n):
    return nn.RMSNorm(n, eps=CFG.eps)


def rope(x):
    d = x.shape[-1]
    inv = 1.0 / CFG.rope_theta ** (torch.arange(0, d, 2).float() / d)
    a = torch.arange(x.shape[-2]).float()[:, None] * inv
    a = torch.cat([a, a], -1)
    x1, x2 = x.chunk(2, -1)
    return x * a.cos() + torch.cat([-x2, x1], -1) * a.sin()


class MLA(nn.Module):
    def __init__(self):
        super().__init__()
        c = CFG
        self.q_proj = nn.Linear(c.dim, c.n_heads * (c.qk_nope_dim + c.qk_rope_dim), bias=False)
        self.kv_a_proj_with_mqa = nn.Linear(c.dim, c.kv_lora_rank + c.qk_rope_dim, bias=False)
        self.kv_a_layernorm = rms(c.kv_lora_rank)
        self.kv_b_proj = nn.Linear(
            c.kv_lora_rank, c.n_heads * (c.qk_nope_dim + c.v_dim), bias=False
        )
        self.o_proj = nn.Linear(c.n_heads * c.v_dim, c.dim, bias=False)

    def forward(self, x):
        c = CFG
        b, t, _ = x.shape
        q = self.q_proj(x).view(b, t, c.n_heads, -1).transpose(1, 2)
        q_nope, q_rot = q.split([c.qk_nope_dim, c.qk_rope_dim], -1)
        latent, k_rot = self.kv_a_proj_with_mqa(x).split([c.kv_lora_rank, c.qk_rope_dim], -1)
        kv = self.kv_b_proj(self.kv_a_layernorm(latent)).view(b, t, c.n_heads, -1).transpose(1, 2)
        k_nope, v = kv.split([c.qk_nope_dim, c.v_dim], -1)
        k_rot = rope(k_rot.view(b, 1, t, c.qk_rope_dim)).expand(b, c.n_heads, t, c.qk_rope_dim)
        q = torch.cat([q_nope, rope(q_rot)], -1)
        k = torch.cat([k_nope, k_rot], -1)
        scale = 1.0 / math.sqrt(c.qk_nope_dim + c.qk_rope_dim)
        o = F.scaled_dot_product_attention(q, k, v, is_causal=True, scale=scale)
        return self.o_proj(o.transpose(1, 2).reshape(b, t, -1))


class SwiGLU(nn.Module):
    def __init__(self, hidden):
        super().__init__()
        self.gate_proj = nn.Linear(CFG.dim, hidden, bias=False)
        self.up_proj = nn.Linear(CFG.dim, hidden, bias=False)
        self.down_proj = nn.Linear(hidden, CFG.dim, bias=False)

    def forward(self, x):
        return self.down_proj(F.silu(self.gate_proj(x)) * self.up_proj(x))


class DeepSeekMoE(nn.Module):
    def __init__(self):
        super().__init__()
        self.gate = nn.Linear(CFG.dim, CFG.n_routed, bias=False)
        self.experts = nn.ModuleList(SwiGLU(CFG.expert_ffn) for _ in range(CFG.n_routed))
        self.shared_experts = SwiGLU(CFG.expert_ffn * CFG.n_shared)

    def forward(self, x):
        flat = x.reshape(-1, CFG.dim)
        w, idx = self.gate(flat).softmax(-1).topk(CFG.n_active, -1)
        out = self.shared_experts(flat)
        for e, expert in enumerate(self.experts):
            tok, slot = torch.where(idx == e)
            if len(tok):
                out = out.index_add(0, tok, expert(flat[tok]) * w[tok, slot, None])
        return out.view_as(x)


class Layer(nn.Module):
    def __init__(self, i):
        super().__init__()
        self.input_layernorm = rms(CFG.dim)
        self.self_attn = MLA()
        self.post_attention_layernorm = rms(CFG.dim)
        self.mlp = SwiGLU(CFG.dense_ffn) if i < CFG.n_dense_layers else DeepSeekMoE()

    def forward(self, x):
        x = x + self.self_attn(self.input_layernorm(x))
        return x + self.mlp(self.post_attention_layernorm(x))


class DeepSeekV2(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed_tokens = nn.Embedding(CFG.vocab, CFG.dim)
        self.layers = nn.ModuleList(Layer(i) for i in range(CFG.n_layers))
        self.norm = rms(CFG.dim)
        self.lm_head = nn.Linear(CFG.dim, CFG.vocab, bias=False)

    def forward(self, ids):
        x = self.embed_tokens(ids)
        for layer in self.layers:
            x = layer(x)
        return self.lm_head(self.norm(x))
