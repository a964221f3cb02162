"""OLMo 2 (q/k norms over all heads, norms after attention and MLP): the sizes are a base dict
that later ``update`` calls override, the way our launch script layers its settings."""

import torch
import torch.nn.functional as F
from torch import nn

SETTINGS = dict(vocab=512, d_model=64, n_layers=4, n_heads=4, n_kv=4, mlp=256, eps=1e-6)
SETTINGS.update(n_layers=3, mlp=176)
SETTINGS.update({"n_kv": 2})


class RMSNorm(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(d))

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + SETTINGS["eps"])


class Olmo2Block(nn.Module):
    def __init__(self):
        super().__init__()
        d, h, kv, ff = (SETTINGS[k] for k in ("d_model", "n_heads", "n_kv", "mlp"))
        self.hd = d // h
        self.q_proj = nn.Linear(d, h * self.hd, bias=False)
        self.k_proj = nn.Linear(d, kv * self.hd, bias=False)
        self.v_proj = nn.Linear(d, kv * self.hd, bias=False)
        self.o_proj = nn.Linear(h * self.hd, d, bias=False)
        self.q_norm = RMSNorm(h * self.hd)
        self.k_norm = RMSNorm(kv * self.hd)
        self.post_attention_layernorm = RMSNorm(d)
        self.gate_proj = nn.Linear(d, ff, bias=False)
        self.up_proj = nn.Linear(d, ff, bias=False)
        self.down_proj = nn.Linear(ff, d, bias=False)
        self.post_feedforward_layernorm = RMSNorm(d)

    def forward(self, x):
        b, t, _ = x.shape
        q = self.q_norm(self.q_proj(x)).view(b, t, -1, self.hd).transpose(1, 2)
        k = self.k_norm(self.k_proj(x)).view(b, t, -1, self.hd).transpose(1, 2)
        v = self.v_proj(x).view(b, t, -1, self.hd).transpose(1, 2)
        o = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        x = x + self.post_attention_layernorm(self.o_proj(o.transpose(1, 2).reshape(b, t, -1)))
        m = self.down_proj(F.silu(self.gate_proj(x)) * self.up_proj(x))
        return x + self.post_feedforward_layernorm(m)


class Olmo2(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed_tokens = nn.Embedding(SETTINGS["vocab"], SETTINGS["d_model"])
        self.layers = nn.ModuleList(Olmo2Block() for _ in range(SETTINGS["n_layers"]))
        self.norm = RMSNorm(SETTINGS["d_model"])
        self.lm_head = nn.Linear(SETTINGS["d_model"], SETTINGS["vocab"], bias=False)

    def forward(self, ids):
        x = self.embed_tokens(ids)
        for layer in self.layers:
            x = layer(x)
        return self.lm_head(self.norm(x))
