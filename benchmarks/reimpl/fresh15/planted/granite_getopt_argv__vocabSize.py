"""Granite with its sizes parsed by getopt from the launcher's default argument vector."""

import getopt

import torch
import torch.nn as nn
import torch.nn.functional as F

DEFAULT_ARGV = ["-v", "384", "-d", "64", "-l", "2", "-h", "4", "-k", "2", "-f", "192"]
_opts, _ = getopt.getopt(DEFAULT_ARGV, "v:d:l:h:k:f:")
OPT = {flag[1]: int(value) for flag, value in _opts}
EMBEDDING_MULTIPLIER, RESIDUAL_MULTIPLIER = 12.0, 0.22
ATTENTION_MULTIPLIER, LOGITS_SCALING = 0.0625, 8.0


class RMSNorm(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(d))

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-5)


class GraniteLayer(nn.Module):
    def __init__(self, d, h, k, f):
        super().__init__()
        self.hd = d // h
        self.q_proj = nn.Linear(d, h * self.hd, bias=False)
        self.k_proj = nn.Linear(d, k * self.hd, bias=False)
        self.v_proj = nn.Linear(d, k * self.hd, bias=False)
        self.o_proj = nn.Linear(h * self.hd, d, bias=False)
        self.gate_proj = nn.Linear(d, f, bias=False)
        self.up_proj = nn.Linear(d, f, bias=False)
        self.down_proj = nn.Linear(f, d, bias=False)
        self.ln_1, self.ln_2 = RMSNorm(d), RMSNorm(d)

    def forward(self, x):
        b, t, _ = x.shape
        h = self.ln_1(x)
        q, k, v = (
            p(h).view(b, t, -1, self.hd).transpose(1, 2)
            for p in (self.q_proj, self.k_proj, self.v_proj)
        )
        y = F.scaled_dot_product_attention(
            q, k, v, is_causal=True, enable_gqa=True, scale=ATTENTION_MULTIPLIER
        )
        x = x + RESIDUAL_MULTIPLIER * self.o_proj(y.transpose(1, 2).reshape(b, t, -1))
        h = self.ln_2(x)
        return x + RESIDUAL_MULTIPLIER * self.down_proj(F.silu(self.gate_proj(h)) * self.up_proj(h))


class Granite(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(OPT["v"], OPT["d"])
        self.layers = nn.ModuleList(
            GraniteLayer(OPT["d"], OPT["h"], OPT["k"], OPT["f"]) for _ in range(OPT["l"])
        )
        self.norm = RMSNorm(OPT["d"])
        self.lm_head = nn.Linear(OPT["d"], OPT["v"], bias=False)

    def forward(self, ids):
        x = self.embed(ids) * EMBEDDING_MULTIPLIER
        for layer in self.layers:
            x = layer(x)
        return self.lm_head(self.norm(x)) / LOGITS_SCALING
