"""Qwen2: the config is a pydantic model (validated fields, a computed head size), q/k/v
with biases, the output head tied through a small module that holds the embedding itself."""

import torch
import torch.nn as nn
import torch.nn.functional as F
from pydantic import BaseModel, computed_field


class QwenSettings(BaseModel):
    vocab_size: int = 640
    hidden_size: int = 64
    intermediate_size: int = 144
    num_layers: int = 2
    num_heads: int = 8
    num_key_value_heads: int = 4
    rms_eps: float = 1e-6
    rope_theta: float = 1000000.0
    max_len: int = 256

    @computed_field
    @property
    def head_size(self) -> int:
        return self.hidden_size // self.num_heads


class RMSNorm(nn.Module):
    def __init__(self, size, eps):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(size))
        self.variance_epsilon = eps

    def forward(self, x):
        var = x.float().pow(2).mean(-1, keepdim=True)
        return self.weight * (x.float() * torch.rsqrt(var + self.variance_epsilon)).to(x.dtype)


class TiedHead(nn.Module):
    """Projects on the embedding's own table (the module is shared, not copied)."""

    def __init__(self, embedding: nn.Embedding):
        super().__init__()
        self.embedding = embedding

    def forward(self, h):
        return F.linear(h, self.embedding.weight)


class QwenAttention(nn.Module):
    def __init__(self, cfg: QwenSettings):
        super().__init__()
        self.cfg = cfg
        hs = cfg.head_size
        self.q_proj = nn.Linear(cfg.hidden_size, cfg.num_heads * hs, bias=True)
        self.k_proj = nn.Linear(cfg.hidden_size, cfg.num_key_value_heads * hs, bias=True)
        self.v_proj = nn.Linear(cfg.hidden_size, cfg.num_key_value_heads * hs, bias=True)
        self.o_proj = nn.Linear(cfg.num_heads * hs, cfg.hidden_size, bias=False)

    def forward(self, x, cos, sin):
        c = self.cfg
        b, t, _ = x.shape
        q = self.q_proj(x).unflatten(-1, (c.num_heads, c.head_size)).transpose(1, 2)
        k = self.k_proj(x).unflatten(-1, (c.num_key_value_heads, c.head_size)).transpose(1, 2)
        v = self.v_proj(x).unflatten(-1, (c.num_key_value_heads, c.head_size)).transpose(1, 2)
        half = c.head_size // 2

        def rot(z):
            return z * cos[:t] + torch.cat([-z[..., half:], z[..., :half]], -1) * sin[:t]

        q, k = rot(q), rot(k)
        rep = c.num_heads // c.num_key_value_heads
        k, v = k.repeat_interleave(rep, 1), v.repeat_interleave(rep, 1)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.o_proj(y.transpose(1, 2).flatten(2))


class QwenMLP(nn.Module):
    def __init__(self, cfg: QwenSettings):
        super().__init__()
        self.gate_proj = nn.Linear(cfg.hidden_size, cfg.intermediate_size, bias=False)
        self.up_proj = nn.Linear(cfg.hidden_size, cfg.intermediate_size, bias=False)
        self.down_proj = nn.Linear(cfg.intermediate_size, cfg.hidden_size, bias=False)

    def forward(self, x):
        return self.down_proj(F.silu(self.gate_proj(x)) * self.up_proj(x))


class QwenBlock(nn.Module):
    def __init__(self, cfg: QwenSettings):
        super().__init__()
        self.input_layernorm = RMSNorm(cfg.hidden_size, cfg.rms_eps)
        self.self_attn = QwenAttention(cfg)
        self.post_attention_layernorm = RMSNorm(cfg.hidden_size, cfg.rms_eps)
        self.mlp = QwenMLP(cfg)

    def forward(self, x, cos, sin):
        x = x + self.self_attn(self.input_layernorm(x), cos, sin)
        return x + self.mlp(self.post_attention_layernorm(x))


class QwenLM(nn.Module):
    def __init__(self, cfg: QwenSettings | None = None):
        super().__init__()
        cfg = cfg or QwenSettings()
        self.embed_tokens = nn.Embedding(cfg.vocab_size, cfg.hidden_size)
        self.blocks = nn.ModuleList([QwenBlock(cfg) for _ in range(cfg.num_layers)])
        self.norm = RMSNorm(cfg.hidden_size, cfg.rms_eps)
        self.lm_head = TiedHead(self.embed_tokens)
        hs = cfg.head_size
        inv = 1.0 / cfg.rope_theta ** (torch.arange(0, hs, 2).float() / hs)
        f = torch.outer(torch.arange(cfg.max_len).float(), inv).repeat(1, 2)
        self.register_buffer("cos", f.cos(), persistent=False)
        self.register_buffer("sin", f.sin(), persistent=False)

    def forward(self, ids):
        x = self.embed_tokens(ids)
        for blk in self.blocks:
            x = blk(x, self.cos, self.sin)
        return self.lm_head(self.norm(x))
