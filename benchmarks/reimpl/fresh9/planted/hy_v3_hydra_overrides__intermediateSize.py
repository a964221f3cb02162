"""Hunyuan V3 (tiny, dense MLPs only): the base config is a nested dict and the run's
Hydra-style command-line overrides (``"model.attn.kv_heads=2"``) are folded into it, dotted
key by dotted key. Attention has q/k RMS norms over an explicit head size."""

import torch.nn.functional as F
from torch import nn

BASE = {
    "model": {
        "vocab": 1000,
        "dim": 128,
        "layers": 4,
        "ffn": 512,
        "eps": 1e-5,
        "attn": {"heads": 8, "kv_heads": 8, "head_dim": 16},
    }
}
OVERRIDES = [
    "model.vocab=640",
    "model.dim=64",
    "model.layers=2",
    "model.ffn=224",
    "model.attn.heads=4",
    "model.attn.kv_heads=2",
    "model.attn.head_dim=32",
]


def apply_overrides(cfg, overrides):
    import copy

    cfg = copy.deepcopy(cfg)
    for item in overrides:
        key, value = item.split("=", 1)
        *path, leaf = key.split(".")
        node = cfg
        for p in path:
            node = node[p]
        node[leaf] = type(node[leaf])(value)
    return cfg


CFG = apply_overrides(BASE, OVERRIDES)["model"]


class HYAttention(nn.Module):
    def __init__(self, m):
        super().__init__()
        a = m["attn"]
        self.h, self.kv, self.hd = a["heads"], a["kv_heads"], a["head_dim"]
        self.q_proj = nn.Linear(m["dim"], self.h * self.hd, bias=False)
        self.k_proj = nn.Linear(m["dim"], self.kv * self.hd, bias=False)
        self.v_proj = nn.Linear(m["dim"], self.kv * self.hd, bias=False)
        self.o_proj = nn.Linear(self.h * self.hd, m["dim"], bias=False)
        self.q_norm = nn.RMSNorm(self.hd, eps=m["eps"])
        self.k_norm = nn.RMSNorm(self.hd, eps=m["eps"])

    def forward(self, x):
        b, t, _ = x.shape
        q = self.q_norm(self.q_proj(x).view(b, t, self.h, self.hd)).transpose(1, 2)
        k = self.k_norm(self.k_proj(x).view(b, t, self.kv, self.hd)).transpose(1, 2)
        v = self.v_proj(x).view(b, t, self.kv, self.hd).transpose(1, 2)
        o = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        return self.o_proj(o.transpose(1, 2).reshape(b, t, -1))


class HYLayer(nn.Module):
    def __init__(self, m):
        super().__init__()
        self.input_layernorm = nn.RMSNorm(m["dim"], eps=m["eps"])
        self.self_attn = HYAttention(m)
        self.post_attention_layernorm = nn.RMSNorm(m["dim"], eps=m["eps"])
        self.gate_proj = nn.Linear(m["dim"], m["ffn"], bias=False)
        self.up_proj = nn.Linear(m["dim"], m["ffn"], bias=False)
        self.down_proj = nn.Linear(m["ffn"], m["dim"], bias=False)

    def forward(self, x):
        x = x + self.self_attn(self.input_layernorm(x))
        h = self.post_attention_layernorm(x)
        return x + self.down_proj(F.silu(self.gate_proj(h)) * self.up_proj(h))


class HYV3(nn.Module):
    def __init__(self, m=CFG):
        super().__init__()
        self.embed_tokens = nn.Embedding(m["vocab"], m["dim"])
        self.layers = nn.ModuleList([HYLayer(m) for _ in range(m["layers"])])
        self.norm = nn.RMSNorm(m["dim"], eps=m["eps"])
        self.lm_head = nn.Linear(m["dim"], m["vocab"], bias=False)

    def forward(self, ids):
        x = self.embed_tokens(ids)
        for layer in self.layers:
            x = layer(x)
        return self.lm_head(self.norm(x))
