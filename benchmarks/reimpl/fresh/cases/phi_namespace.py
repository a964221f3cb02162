"""Phi-1.5/2 style: one LayerNorm feeding attention and MLP in parallel, half-rotary heads,
biased projections, a biased LM head; values held in a types.SimpleNamespace."""

from types import SimpleNamespace

import torch
import torch.nn as nn
import torch.nn.functional as F

hp = SimpleNamespace(
    vocab_size=1000,
    hidden_size=64,
    n_layer=2,
    n_head=4,
    intermediate_size=256,
    rotary_dim=8,
    rope_base=10000.0,
    ln_eps=1e-5,
    max_len=128,
)


class Rotary(nn.Module):
    def __init__(self, rotary_dim, max_len, base):
        super().__init__()
        inv = 1.0 / (base ** (torch.arange(0, rotary_dim, 2).float() / rotary_dim))
        ang = torch.outer(torch.arange(max_len).float(), inv)
        self.rotary_dim = rotary_dim
        self.register_buffer("cos", torch.cat([ang, ang], -1).cos(), persistent=False)
        self.register_buffer("sin", torch.cat([ang, ang], -1).sin(), persistent=False)

    def forward(self, x):
        t, r = x.shape[-2], self.rotary_dim
        xr, xp = x[..., :r], x[..., r:]
        rot = torch.cat([-xr[..., r // 2 :], xr[..., : r // 2]], -1)
        return torch.cat([xr * self.cos[:t] + rot * self.sin[:t], xp], -1)


class PhiBlock(nn.Module):
    def __init__(self, hp):
        super().__init__()
        d = hp.hidden_size
        self.nh = hp.n_head
        self.ln = nn.LayerNorm(d, eps=hp.ln_eps)
        self.q_proj = nn.Linear(d, d)
        self.k_proj = nn.Linear(d, d)
        self.v_proj = nn.Linear(d, d)
        self.dense = nn.Linear(d, d)
        self.fc1 = nn.Linear(d, hp.intermediate_size)
        self.fc2 = nn.Linear(hp.intermediate_size, d)
        self.rotary = Rotary(hp.rotary_dim, hp.max_len, hp.rope_base)

    def forward(self, x):
        b, t, d = x.shape
        h = self.ln(x)
        q, k, v = (p(h).view(b, t, self.nh, -1).transpose(1, 2) for p in (self.q_proj, self.k_proj, self.v_proj))
        q, k = self.rotary(q), self.rotary(k)
        a = F.scaled_dot_product_attention(q, k, v, is_causal=True).transpose(1, 2).reshape(b, t, d)
        return x + self.dense(a) + self.fc2(F.gelu(self.fc1(h), approximate="tanh"))


class Phi(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(hp.vocab_size, hp.hidden_size)
        self.blocks = nn.ModuleList([PhiBlock(hp) for _ in range(hp.n_layer)])
        self.final_ln = nn.LayerNorm(hp.hidden_size, eps=hp.ln_eps)
        self.lm_head = nn.Linear(hp.hidden_size, hp.vocab_size)

    def forward(self, ids):
        x = self.embed(ids)
        for blk in self.blocks:
            x = blk(x)
        return self.lm_head(self.final_ln(x))
