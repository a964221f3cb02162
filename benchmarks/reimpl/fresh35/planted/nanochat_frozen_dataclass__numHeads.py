"""A nanochat-style GPT (relu^2 MLP, QK-norm after rotary, parameter-free norms, soft-capped
logits), configured by a frozen dataclass whose __post_init__ validates the shape."""

from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F


@dataclass(frozen=True)
class GPTConfig:
    sequence_len: int = 2048
    vocab_size: int = 65536
    n_layer: int = 20
    n_head: int = 10
    n_kv_head: int = 10
    n_embd: int = 1280
    mlp_hidden: int = 5120
    rope_base: float = 10000.0
    norm_eps: float = 1e-6
    logit_cap: float = 15.0

    def __post_init__(self):
        if self.n_embd % self.n_head or self.n_head % self.n_kv_head:
            raise ValueError("n_embd must split into n_head heads, n_head into kv groups")


CFG = GPTConfig(
    vocab_size=608,
    n_layer=2,
    n_head=8,
    n_kv_head=2,
    n_embd=64,
    mlp_hidden=256,
)


def norm(x):
    return F.rms_norm(x, (x.size(-1),), eps=CFG.norm_eps)


def apply_rotary_emb(x, cos, sin):
    d = x.shape[3] // 2
    x1, x2 = x[..., :d], x[..., d:]
    y1 = x1 * cos + x2 * sin
    y2 = x2 * cos - x1 * sin
    return torch.cat([y1, y2], 3)


class CausalSelfAttention(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.n_head, self.n_kv_head = config.n_head, config.n_kv_head
        self.head_dim = config.n_embd // config.n_head
        self.c_q = nn.Linear(config.n_embd, self.n_head * self.head_dim, bias=False)
        self.c_k = nn.Linear(config.n_embd, self.n_kv_head * self.head_dim, bias=False)
        self.c_v = nn.Linear(config.n_embd, self.n_kv_head * self.head_dim, bias=False)
        self.c_proj = nn.Linear(config.n_embd, config.n_embd, bias=False)

    def forward(self, x, cos_sin):
        B, T, C = x.size()
        q = self.c_q(x).view(B, T, self.n_head, self.head_dim)
        k = self.c_k(x).view(B, T, self.n_kv_head, self.head_dim)
        v = self.c_v(x).view(B, T, self.n_kv_head, self.head_dim)
        cos, sin = cos_sin
        q, k = norm(apply_rotary_emb(q, cos, sin)), norm(apply_rotary_emb(k, cos, sin))
        q, k, v = q.transpose(1, 2), k.transpose(1, 2), v.transpose(1, 2)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        return self.c_proj(y.transpose(1, 2).contiguous().view(B, T, -1))


class MLP(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.c_fc = nn.Linear(config.n_embd, config.mlp_hidden, bias=False)
        self.c_proj = nn.Linear(config.mlp_hidden, config.n_embd, bias=False)

    def forward(self, x):
        return self.c_proj(F.relu(self.c_fc(x)).square())


class Block(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.attn = CausalSelfAttention(config)
        self.mlp = MLP(config)

    def forward(self, x, cos_sin):
        x = x + self.attn(norm(x), cos_sin)
        return x + self.mlp(norm(x))


class GPT(nn.Module):
    def __init__(self, config=CFG):
        super().__init__()
        self.config = config
        self.transformer = nn.ModuleDict(
            {
                "wte": nn.Embedding(config.vocab_size, config.n_embd),
                "h": nn.ModuleList([Block(config) for _ in range(config.n_layer)]),
            }
        )
        self.lm_head = nn.Linear(config.n_embd, config.vocab_size, bias=False)

    def _rotary(self, T):
        hd = self.config.n_embd // self.config.n_head
        ch = torch.arange(0, hd, 2, dtype=torch.float32)
        inv = 1.0 / (self.config.rope_base ** (ch / hd))
        f = torch.outer(torch.arange(T, dtype=torch.float32), inv)
        return f.cos()[None, :, None, :], f.sin()[None, :, None, :]

    def forward(self, idx):
        cos_sin = self._rotary(idx.size(1))
        x = norm(self.transformer.wte(idx))
        for block in self.transformer.h:
            x = block(x, cos_sin)
        logits = self.lm_head(norm(x))
        cap = self.config.logit_cap
        return cap * torch.tanh(logits / cap)
