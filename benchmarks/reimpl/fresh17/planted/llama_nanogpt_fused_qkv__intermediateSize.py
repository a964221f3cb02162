"""A nanoGPT-style rewrite of Llama: one fused c_attn (q | k | v), one fused c_fc (gate | up)."""

from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F


@dataclass
class GPTConfig:
    block_size: int = 256
    vocab_size: int = 384
    n_layer: int = 2
    n_head: int = 4
    n_kv_head: int = 2
    n_embd: int = 64
    ffn_hidden: int = 256
    rope_base: float = 500000.0
    norm_eps: float = 1e-5


class RMSNorm(nn.Module):
    def __init__(self, dim, eps):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(dim))

    def forward(self, x):
        x = x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps)
        return self.weight * x


def rope(x, cos, sin):
    a, b = x.chunk(2, dim=-1)
    return x * cos + torch.cat((-b, a), dim=-1) * sin


class CausalSelfAttention(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.n_head, self.n_kv = config.n_head, config.n_kv_head
        self.hs = config.n_embd // config.n_head
        self.c_attn = nn.Linear(
            config.n_embd, (config.n_head + 2 * config.n_kv_head) * self.hs, bias=False
        )
        self.c_proj = nn.Linear(config.n_embd, config.n_embd, bias=False)

    def forward(self, x, cos, sin):
        B, T, C = x.shape
        q, k, v = self.c_attn(x).split(
            [self.n_head * self.hs, self.n_kv * self.hs, self.n_kv * self.hs], dim=-1
        )
        q = q.view(B, T, self.n_head, self.hs).transpose(1, 2)
        k = k.view(B, T, self.n_kv, self.hs).transpose(1, 2)
        v = v.view(B, T, self.n_kv, self.hs).transpose(1, 2)
        q, k = rope(q, cos, sin), rope(k, cos, sin)
        rep = self.n_head // self.n_kv
        k, v = k.repeat_interleave(rep, dim=1), v.repeat_interleave(rep, dim=1)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.c_proj(y.transpose(1, 2).reshape(B, T, C))


class MLP(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.c_fc = nn.Linear(config.n_embd, 2 * config.ffn_hidden, bias=False)
        self.c_proj = nn.Linear(config.ffn_hidden, config.n_embd, bias=False)

    def forward(self, x):
        gate, up = self.c_fc(x).chunk(2, dim=-1)
        return self.c_proj(F.silu(gate) * up)


class Block(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.ln_1 = RMSNorm(config.n_embd, config.norm_eps)
        self.attn = CausalSelfAttention(config)
        self.ln_2 = RMSNorm(config.n_embd, config.norm_eps)
        self.mlp = MLP(config)

    def forward(self, x, cos, sin):
        x = x + self.attn(self.ln_1(x), cos, sin)
        return x + self.mlp(self.ln_2(x))


class GPT(nn.Module):
    def __init__(self, config=None):
        super().__init__()
        config = config or GPTConfig()
        self.config = config
        self.transformer = nn.ModuleDict(
            dict(
                wte=nn.Embedding(config.vocab_size, config.n_embd),
                h=nn.ModuleList([Block(config) for _ in range(config.n_layer)]),
                ln_f=RMSNorm(config.n_embd, config.norm_eps),
            )
        )
        self.lm_head = nn.Linear(config.n_embd, config.vocab_size, bias=False)

    def forward(self, idx):
        hs = self.config.n_embd // self.config.n_head
        inv = 1.0 / (self.config.rope_base ** (torch.arange(0, hs, 2).float() / hs))
        freqs = torch.outer(torch.arange(idx.shape[1]).float(), inv)
        emb = torch.cat((freqs, freqs), dim=-1)
        cos, sin = emb.cos(), emb.sin()
        x = self.transformer.wte(idx)
        for block in self.transformer.h:
            x = block(x, cos, sin)
        return self.lm_head(self.transformer.ln_f(x))
