"""Qwen3 (dense), from the technical report: GQA with per-head q/k RMSNorm before the rotary, a
head_dim wider than width / heads, SwiGLU, an untied head. Sizes are an "AttrDict" (a ``dict``
whose keys read as attributes), as many training repositories define."""

import torch
import torch.nn.functional as F
from torch import nn


class AttrDict(dict):
    __getattr__ = dict.__getitem__
    __setattr__ = dict.__setitem__


cfg = AttrDict(
    vocab_size=640,
    hidden_size=64,
    intermediate_size=224,
    num_hidden_layers=3,
    num_attention_heads=4,
    num_key_value_heads=4,
    head_dim=24,
    rope_theta=1000000.0,
    rms_norm_eps=1e-6,
)


class Qwen3RMSNorm(nn.Module):
    def __init__(self, size):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(size))

    def forward(self, x):
        return self.weight * (x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + cfg.rms_norm_eps))


class Qwen3Attention(nn.Module):
    def __init__(self):
        super().__init__()
        h, kv, hd = cfg.num_attention_heads, cfg.num_key_value_heads, cfg.head_dim
        self.q_proj = nn.Linear(cfg.hidden_size, h * hd, bias=False)
        self.k_proj = nn.Linear(cfg.hidden_size, kv * hd, bias=False)
        self.v_proj = nn.Linear(cfg.hidden_size, kv * hd, bias=False)
        self.o_proj = nn.Linear(h * hd, cfg.hidden_size, bias=False)
        self.q_norm = Qwen3RMSNorm(hd)
        self.k_norm = Qwen3RMSNorm(hd)

    def forward(self, x, cos, sin):
        b, t, _ = x.shape
        hd = cfg.head_dim
        q = self.q_norm(self.q_proj(x).view(b, t, -1, hd)).transpose(1, 2)
        k = self.k_norm(self.k_proj(x).view(b, t, -1, hd)).transpose(1, 2)
        v = self.v_proj(x).view(b, t, -1, hd).transpose(1, 2)
        q = q * cos + torch.cat((-q[..., hd // 2 :], q[..., : hd // 2]), -1) * sin
        k = k * cos + torch.cat((-k[..., hd // 2 :], k[..., : hd // 2]), -1) * sin
        o = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        return self.o_proj(o.transpose(1, 2).reshape(b, t, -1))


class Qwen3MLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.gate_proj = nn.Linear(cfg.hidden_size, cfg.intermediate_size, bias=False)
        self.up_proj = nn.Linear(cfg.hidden_size, cfg.intermediate_size, bias=False)
        self.down_proj = nn.Linear(cfg.intermediate_size, cfg.hidden_size, bias=False)

    def forward(self, x):
        return self.down_proj(F.silu(self.gate_proj(x)) * self.up_proj(x))


class Qwen3DecoderLayer(nn.Module):
    def __init__(self):
        super().__init__()
        self.input_layernorm = Qwen3RMSNorm(cfg.hidden_size)
        self.self_attn = Qwen3Attention()
        self.post_attention_layernorm = Qwen3RMSNorm(cfg.hidden_size)
        self.mlp = Qwen3MLP()

    def forward(self, x, cos, sin):
        x = x + self.self_attn(self.input_layernorm(x), cos, sin)
        return x + self.mlp(self.post_attention_layernorm(x))


class Qwen3ForCausalLM(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed_tokens = nn.Embedding(cfg.vocab_size, cfg.hidden_size)
        self.layers = nn.ModuleList(Qwen3DecoderLayer() for _ in range(cfg.num_hidden_layers))
        self.norm = Qwen3RMSNorm(cfg.hidden_size)
        self.lm_head = nn.Linear(cfg.hidden_size, cfg.vocab_size, bias=False)

    def forward(self, input_ids):
        hd = cfg.head_dim
        inv = 1.0 / cfg.rope_theta ** (torch.arange(0, hd, 2, device=input_ids.device).float() / hd)
        ang = torch.arange(input_ids.shape[1], device=input_ids.device).float()[:, None] * inv
        cos, sin = ang.cos().repeat(1, 2), ang.sin().repeat(1, 2)
        x = self.embed_tokens(input_ids)
        for layer in self.layers:
            x = layer(x, cos, sin)
        return self.lm_head(self.norm(x))
