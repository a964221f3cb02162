"""Mamba (the reference ``mamba_simple`` layout): no attention at all, a selective state-space
mixer per layer (input projection to x and gate, a depthwise causal conv, data-dependent
``dt``, ``B`` and ``C``, a sequential scan written with ``torch.einsum``), RMSNorm pre-norm
residuals, and the LM head tied to the embedding."""

import math

import torch
import torch.nn as nn
import torch.nn.functional as F

d_model = 64
n_layer = 2
vocab_size = 640
d_state = 8
expand = 2
d_conv = 4
norm_eps = 1e-5
d_inner = expand * d_model
dt_rank = math.ceil(d_model / 16)


class RMSNorm(nn.Module):
    def __init__(self, d, eps=norm_eps):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(d))

    def forward(self, x):
        return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps) * self.weight


def selective_scan(u, delta, A, B, C, D):
    # u, delta: [b, l, d_in]; A: [d_in, n]; B, C: [b, l, n]
    dA = torch.exp(torch.einsum("bld,dn->bldn", delta, A))
    dBu = torch.einsum("bld,bln,bld->bldn", delta, B, u)
    state = torch.zeros(u.shape[0], u.shape[2], A.shape[1])
    ys = []
    for i in range(u.shape[1]):
        state = dA[:, i] * state + dBu[:, i]
        ys.append(torch.einsum("bdn,bn->bd", state, C[:, i]))
    return torch.stack(ys, dim=1) + u * D


class MambaMixer(nn.Module):
    def __init__(self):
        super().__init__()
        self.in_proj = nn.Linear(d_model, 2 * d_inner, bias=False)
        self.conv1d = nn.Conv1d(d_inner, d_inner, d_conv, groups=d_inner, padding=d_conv - 1)
        self.x_proj = nn.Linear(d_inner, dt_rank + 2 * d_state, bias=False)
        self.dt_proj = nn.Linear(dt_rank, d_inner, bias=True)
        A = torch.arange(1, d_state + 1, dtype=torch.float32).repeat(d_inner, 1)
        self.A_log = nn.Parameter(torch.log(A))
        self.D = nn.Parameter(torch.ones(d_inner))
        self.out_proj = nn.Linear(d_inner, d_model, bias=False)

    def forward(self, x):
        L = x.shape[1]
        xz = self.in_proj(x)
        u, z = xz.chunk(2, dim=-1)
        u = F.silu(self.conv1d(u.transpose(1, 2))[..., :L]).transpose(1, 2)
        dt, B, C = self.x_proj(u).split([dt_rank, d_state, d_state], dim=-1)
        delta = F.softplus(self.dt_proj(dt))
        y = selective_scan(u, delta, -torch.exp(self.A_log.float()), B, C, self.D)
        return self.out_proj(y * F.silu(z))


class ResidualBlock(nn.Module):
    def __init__(self):
        super().__init__()
        self.norm = RMSNorm(d_model)
        self.mixer = MambaMixer()

    def forward(self, x):
        return x + self.mixer(self.norm(x))


class MambaLM(nn.Module):
    def __init__(self):
        super().__init__()
        self.embedding = nn.Embedding(vocab_size, d_model)
        self.layers = nn.ModuleList([ResidualBlock() for _ in range(n_layer)])
        self.norm_f = RMSNorm(d_model)
        self.lm_head = nn.Linear(d_model, vocab_size, bias=False)
        self.lm_head.weight = self.embedding.weight

    def forward(self, input_ids):
        x = self.embedding(input_ids)
        for layer in self.layers:
            x = layer(x)
        return self.lm_head(self.norm_f(x))
