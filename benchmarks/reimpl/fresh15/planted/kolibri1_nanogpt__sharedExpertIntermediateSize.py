"""Kolibri-1 as a nanoGPT-style rewrite: GPTConfig, a transformer ModuleDict, sizes from the run name."""

from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F

RUN = "kolibri1-moe-e4x32-s64-L2"
_, _, _experts, _shared, _depth = RUN.split("-")


@dataclass
class GPTConfig:
    vocab_size: int = 256
    n_layer: int = int(_depth.rsplit("L", 1)[1])
    n_head: int = 4
    n_kv_head: int = 2
    n_embd: int = 64
    n_expert: int = int(_experts[1:].split("x")[0])
    expert_hidden: int = int(_experts.split("x")[1])
    shared_hidden: int = int(_shared.removeprefix("s"))
    eps: float = 1e-6
    top_k: int = 2
    window: int = 513


class RMSNorm(nn.Module):
    def __init__(self, n, eps):
        super().__init__()
        self.weight, self.eps = nn.Parameter(torch.ones(n)), eps

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps)


class CausalSelfAttention(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.n_head, self.n_kv_head, self.window = config.n_head, config.n_kv_head, config.window
        self.hs = config.n_embd // config.n_head
        kv = 2 * config.n_kv_head * self.hs
        self.c_q = nn.Linear(config.n_embd, config.n_embd, bias=False)
        self.c_kv = nn.Linear(config.n_embd, kv, bias=False)
        self.c_proj = nn.Linear(config.n_embd, config.n_embd, bias=False)
        self.q_ln = RMSNorm(self.hs, config.eps)
        self.k_ln = RMSNorm(self.hs, config.eps)

    def forward(self, x):
        B, T, C = x.size()
        q = self.q_ln(self.c_q(x).view(B, T, self.n_head, self.hs)).transpose(1, 2)
        k, v = self.c_kv(x).view(B, T, 2, self.n_kv_head, self.hs).unbind(2)
        k, v = self.k_ln(k).transpose(1, 2), v.transpose(1, 2)
        i = torch.arange(T, device=x.device)
        near = (i[None, :] <= i[:, None]) & (i[:, None] - i[None, :] < self.window)
        y = F.scaled_dot_product_attention(q, k, v, attn_mask=near, enable_gqa=True)
        return self.c_proj(y.transpose(1, 2).contiguous().view(B, T, C))


class MLP(nn.Module):
    def __init__(self, n_embd, hidden):
        super().__init__()
        self.c_fc = nn.Linear(n_embd, 2 * hidden, bias=False)
        self.c_proj = nn.Linear(hidden, n_embd, bias=False)

    def forward(self, x):
        a, b = self.c_fc(x).chunk(2, -1)
        return self.c_proj(F.silu(a) * b)


class MoE(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.router = nn.Linear(config.n_embd, config.n_expert, bias=False)
        self.top_k = config.top_k
        self.experts = nn.ModuleList(
            MLP(config.n_embd, config.expert_hidden) for _ in range(config.n_expert)
        )
        self.shared = MLP(config.n_embd, config.shared_hidden)

    def forward(self, x):
        logits = self.router(x)
        top, idx = logits.topk(self.top_k, -1)
        p = torch.zeros_like(logits).scatter(-1, idx, top.sigmoid())
        y = torch.stack([e(x) for e in self.experts], -2)
        return (p.unsqueeze(-1) * y).sum(-2) + self.shared(x)


class Block(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.ln_1 = RMSNorm(config.n_embd, config.eps)
        self.attn = CausalSelfAttention(config)
        self.ln_attn_out = RMSNorm(config.n_embd, config.eps)
        self.ln_2 = RMSNorm(config.n_embd, config.eps)
        self.mlp = MoE(config)
        self.ln_mlp_out = RMSNorm(config.n_embd, config.eps)

    def forward(self, x):
        x = x + self.ln_attn_out(self.attn(self.ln_1(x)))
        return x + self.ln_mlp_out(self.mlp(self.ln_2(x)))


class GPT(nn.Module):
    def __init__(self, config=GPTConfig()):  # noqa: B008
        super().__init__()
        self.config = config
        self.transformer = nn.ModuleDict(
            dict(
                wte=nn.Embedding(config.vocab_size, config.n_embd),
                h=nn.ModuleList([Block(config) for _ in range(config.n_layer)]),
                ln_f=RMSNorm(config.n_embd, config.eps),
            )
        )
        self.lm_head = nn.Linear(config.n_embd, config.vocab_size, bias=False)

    def forward(self, idx):
        x = self.transformer.wte(idx)
        for block in self.transformer.h:
            x = block(x)
        return self.lm_head(self.transformer.ln_f(x))
