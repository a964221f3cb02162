"""A tiny Gemma 2 in the lit-gpt style: one ``Config`` dataclass whose ``__post_init__`` fills
the derived fields (head size, query groups, padded vocabulary), a fused ``attn.qkv`` cut into
q / k / v blocks, tied embeddings, logit soft-capping, alternating sliding-window layers."""

from __future__ import annotations

import math
from dataclasses import dataclass

import torch
import torch.nn.functional as F
from torch import nn


@dataclass
class Config:
    name: str = "gemma-2-tiny"
    block_size: int = 256
    vocab_size: int = 128
    padding_multiple: int = 64
    padded_vocab_size: int | None = None
    n_layer: int = 2
    n_embd: int = 64
    n_head: int = 4
    n_query_groups: int | None = 4
    head_size: int | None = 16
    intermediate_size: int | None = None
    mlp_ratio: float = 2.0
    norm_eps: float = 1e-06
    rope_base: int = 10000
    attention_scores_scalar: int = 24
    attention_logit_softcapping: float = 50.0
    final_logit_softcapping: float = 30.0
    sliding_window_size: int = 8
    sliding_window_layer_stride: int = 2

    def __post_init__(self):
        if self.padded_vocab_size is None:
            m = self.padding_multiple
            self.padded_vocab_size = (self.vocab_size + m - 1) // m * m
        if self.head_size is None:
            self.head_size = self.n_embd // self.n_head
        if self.n_query_groups is None:
            self.n_query_groups = self.n_head
        if self.intermediate_size is None:
            self.intermediate_size = int(self.mlp_ratio * self.n_embd)


class RMSNorm(nn.Module):
    def __init__(self, size: int, eps: float) -> None:
        super().__init__()
        self.weight = nn.Parameter(torch.zeros(size))
        self.eps = eps

    def forward(self, x):
        x = x.float()
        x = x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps)
        return x * (1.0 + self.weight.float())


def rope_cache(cfg: Config, seq: int):
    d = cfg.head_size
    inv = 1.0 / (cfg.rope_base ** (torch.arange(0, d, 2, dtype=torch.int64).float() / d))
    freqs = torch.outer(torch.arange(seq).float(), inv)
    emb = torch.cat([freqs, freqs], -1)
    return emb.cos(), emb.sin()


def rotate(x, cos, sin):
    half = x.shape[-1] // 2
    rot = torch.cat([-x[..., half:], x[..., :half]], -1)
    return x * cos + rot * sin


class CausalSelfAttention(nn.Module):
    def __init__(self, cfg: Config, block_idx: int) -> None:
        super().__init__()
        self.cfg = cfg
        shape = (cfg.n_head + 2 * cfg.n_query_groups) * cfg.head_size
        self.qkv = nn.Linear(cfg.n_embd, shape, bias=False)
        self.proj = nn.Linear(cfg.n_head * cfg.head_size, cfg.n_embd, bias=False)
        self.sliding = block_idx % cfg.sliding_window_layer_stride == 0

    def forward(self, x, cos, sin):
        cfg = self.cfg
        b, t, _ = x.shape
        q_size = cfg.n_head * cfg.head_size
        kv_size = cfg.n_query_groups * cfg.head_size
        q, k, v = self.qkv(x).split([q_size, kv_size, kv_size], dim=-1)
        q = q.view(b, t, cfg.n_head, cfg.head_size).transpose(1, 2)
        k = k.view(b, t, cfg.n_query_groups, cfg.head_size).transpose(1, 2)
        v = v.view(b, t, cfg.n_query_groups, cfg.head_size).transpose(1, 2)
        q, k = rotate(q, cos, sin), rotate(k, cos, sin)
        rep = cfg.n_head // cfg.n_query_groups
        k, v = k.repeat_interleave(rep, 1), v.repeat_interleave(rep, 1)
        att = q @ k.transpose(-1, -2) / math.sqrt(cfg.attention_scores_scalar)
        cap = cfg.attention_logit_softcapping
        att = torch.tanh(att / cap) * cap
        i = torch.arange(t)
        keep = i[None, :] <= i[:, None]
        if self.sliding:
            keep = keep & (i[:, None] - i[None, :] < cfg.sliding_window_size)
        att = att.masked_fill(~keep, float("-inf")).softmax(-1)
        y = (att @ v).transpose(1, 2).reshape(b, t, q_size)
        return self.proj(y)


class GemmaMLP(nn.Module):
    def __init__(self, cfg: Config) -> None:
        super().__init__()
        self.fc_1 = nn.Linear(cfg.n_embd, cfg.intermediate_size, bias=False)
        self.fc_2 = nn.Linear(cfg.n_embd, cfg.intermediate_size, bias=False)
        self.proj = nn.Linear(cfg.intermediate_size, cfg.n_embd, bias=False)

    def forward(self, x):
        return self.proj(F.gelu(self.fc_1(x), approximate="tanh") * self.fc_2(x))


class Block(nn.Module):
    def __init__(self, cfg: Config, block_idx: int) -> None:
        super().__init__()
        self.norm_1 = RMSNorm(cfg.n_embd, cfg.norm_eps)
        self.attn = CausalSelfAttention(cfg, block_idx)
        self.post_attention_norm = RMSNorm(cfg.n_embd, cfg.norm_eps)
        self.norm_2 = RMSNorm(cfg.n_embd, cfg.norm_eps)
        self.mlp = GemmaMLP(cfg)
        self.post_mlp_norm = RMSNorm(cfg.n_embd, cfg.norm_eps)

    def forward(self, x, cos, sin):
        x = x + self.post_attention_norm(self.attn(self.norm_1(x), cos, sin))
        return x + self.post_mlp_norm(self.mlp(self.norm_2(x)))


class GPT(nn.Module):
    def __init__(self, config: Config = Config()) -> None:  # noqa: B008
        super().__init__()
        self.config = config
        self.transformer = nn.ModuleDict(
            dict(
                wte=nn.Embedding(config.padded_vocab_size, config.n_embd),
                h=nn.ModuleList(Block(config, i) for i in range(config.n_layer)),
                ln_f=RMSNorm(config.n_embd, config.norm_eps),
            )
        )
        self.lm_head = nn.Linear(config.n_embd, config.padded_vocab_size, bias=False)
        self.lm_head.weight = self.transformer.wte.weight

    def forward(self, idx):
        cos, sin = rope_cache(self.config, idx.shape[1])
        x = self.transformer.wte(idx) * torch.tensor(self.config.n_embd**0.5)
        for block in self.transformer.h:
            x = block(x, cos, sin)
        logits = self.lm_head(self.transformer.ln_f(x))
        cap = self.config.final_logit_softcapping
        return torch.tanh(logits / cap) * cap
