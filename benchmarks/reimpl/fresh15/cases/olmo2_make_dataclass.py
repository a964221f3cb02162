"""OLMo 2 with its hyper-parameters in a class made at run time by dataclasses.make_dataclass."""

import dataclasses

import torch
import torch.nn as nn
import torch.nn.functional as F

Olmo2Args = dataclasses.make_dataclass(
    "Olmo2Args",
    [
        ("vocab_size", int, 512),
        ("d_model", int, 64),
        ("n_layers", int, 2),
        ("n_heads", int, 4),
        ("n_kv_heads", int, 2),
        ("mlp_hidden", int, 176),
    ],
)
ARGS = Olmo2Args()


class RMS(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(d))

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-6)


class Olmo2Block(nn.Module):
    def __init__(self, a):
        super().__init__()
        self.hd = a.d_model // a.n_heads
        kv = a.n_kv_heads * self.hd
        self.att_proj = nn.Linear(a.d_model, a.d_model + 2 * kv, bias=False)
        self.split = (a.d_model, kv, kv)
        self.q_norm, self.k_norm = RMS(a.d_model), RMS(kv)
        self.attn_out = nn.Linear(a.d_model, a.d_model, bias=False)
        self.ff_proj = nn.Linear(a.d_model, 2 * a.mlp_hidden, bias=False)
        self.ff_out = nn.Linear(a.mlp_hidden, a.d_model, bias=False)
        self.attn_norm, self.ff_norm = RMS(a.d_model), RMS(a.d_model)

    def forward(self, x):
        b, t, _ = x.shape
        q, k, v = self.att_proj(x).split(self.split, -1)
        q, k = self.q_norm(q), self.k_norm(k)
        q, k, v = (z.view(b, t, -1, self.hd).transpose(1, 2) for z in (q, k, v))
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        x = x + self.attn_norm(self.attn_out(y.transpose(1, 2).reshape(b, t, -1)))
        u, g = self.ff_proj(x).chunk(2, -1)
        return x + self.ff_norm(self.ff_out(F.silu(g) * u))


class Olmo2(nn.Module):
    def __init__(self):
        super().__init__()
        self.wte = nn.Embedding(ARGS.vocab_size, ARGS.d_model)
        self.blocks = nn.ModuleList(Olmo2Block(ARGS) for _ in range(ARGS.n_layers))
        self.ln_f = RMS(ARGS.d_model)
        self.ff_out = nn.Linear(ARGS.d_model, ARGS.vocab_size, bias=False)

    def forward(self, ids):
        x = self.wte(ids)
        for blk in self.blocks:
            x = blk(x)
        return self.ff_out(self.ln_f(x))
