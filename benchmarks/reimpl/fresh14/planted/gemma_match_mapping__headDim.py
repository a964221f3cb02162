"""Gemma, its sizes captured out of a model card by a ``match`` mapping pattern (the card
as we copy it from the hub page, only the keys the pattern names are read)."""

import torch
import torch.nn.functional as F
from torch import nn

CARD = {
    "vocab": 512,
    "width": 64,
    "layers": 2,
    "heads": 4,
    "kv_heads": 1,
    "head_dim": 16,
    "mlp": 256,
    "license": "gemma",
}

match CARD:
    case {
        "vocab": V,
        "width": D,
        "layers": N,
        "heads": H,
        "kv_heads": KV,
        "head_dim": HD,
        "mlp": FF,
    }:
        pass
    case _:
        raise ValueError("not a Gemma card")


class GemmaNorm(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.weight = nn.Parameter(torch.zeros(d))

    def forward(self, x):
        x = x.float() * torch.rsqrt(x.float().pow(2).mean(-1, keepdim=True) + 1e-6)
        return x * (1.0 + self.weight)


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        self.input_layernorm = GemmaNorm(D)
        self.q_proj = nn.Linear(D, H * HD, bias=False)
        self.k_proj = nn.Linear(D, KV * HD, bias=False)
        self.v_proj = nn.Linear(D, KV * HD, bias=False)
        self.o_proj = nn.Linear(H * HD, D, bias=False)
        self.post_attention_layernorm = GemmaNorm(D)
        self.gate_proj = nn.Linear(D, FF, bias=False)
        self.up_proj = nn.Linear(D, FF, bias=False)
        self.down_proj = nn.Linear(FF, D, bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        h = self.input_layernorm(x)
        q = self.q_proj(h).view(b, t, H, HD).transpose(1, 2)
        k = self.k_proj(h).view(b, t, KV, HD).transpose(1, 2)
        v = self.v_proj(h).view(b, t, KV, HD).transpose(1, 2)
        inv = 1.0 / 10000.0 ** (torch.arange(0, HD, 2).float() / HD)
        f = torch.arange(t).float()[:, None] * inv
        cos, sin = torch.cat([f, f], -1).cos(), torch.cat([f, f], -1).sin()

        def rot(z):
            a, c = z.chunk(2, -1)
            return z * cos + torch.cat([-c, a], -1) * sin

        o = F.scaled_dot_product_attention(rot(q), rot(k), v, is_causal=True, enable_gqa=True)
        x = x + self.o_proj(o.transpose(1, 2).reshape(b, t, -1))
        h = self.post_attention_layernorm(x)
        return x + self.down_proj(F.gelu(self.gate_proj(h), approximate="tanh") * self.up_proj(h))


class GemmaLM(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed_tokens = nn.Embedding(V, D)
        self.layers = nn.ModuleList(Layer() for _ in range(N))
        self.norm = GemmaNorm(D)

    def forward(self, ids):
        x = self.embed_tokens(ids) * D**0.5
        for layer in self.layers:
            x = layer(x)
        return self.norm(x) @ self.embed_tokens.weight.T
