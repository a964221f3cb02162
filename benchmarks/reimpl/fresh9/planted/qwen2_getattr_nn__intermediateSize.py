"""Qwen2 (tiny) whose norm and activation are named by strings and looked up in ``torch.nn``
and ``torch.nn.functional`` with ``getattr``, as config-driven trainers do. q/k/v carry a bias,
the output projection does not."""

import torch.nn.functional as F
from torch import nn

SPEC = {
    "norm": "RMSNorm",
    "act": "silu",
    "vocab": 896,
    "width": 64,
    "depth": 2,
    "heads": 4,
    "kv_heads": 2,
    "ffn": 224,
    "eps": 1e-6,
}


def make_norm():
    return getattr(nn, SPEC["norm"])(SPEC["width"], eps=SPEC["eps"])


class QwenAttention(nn.Module):
    def __init__(self):
        super().__init__()
        w, h, kv = SPEC["width"], SPEC["heads"], SPEC["kv_heads"]
        hd = w // h
        self.q_proj = nn.Linear(w, h * hd)
        self.k_proj = nn.Linear(w, kv * hd)
        self.v_proj = nn.Linear(w, kv * hd)
        self.o_proj = nn.Linear(h * hd, w, bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        q = self.q_proj(x).view(b, t, SPEC["heads"], -1).transpose(1, 2)
        k = self.k_proj(x).view(b, t, SPEC["kv_heads"], -1).transpose(1, 2)
        v = self.v_proj(x).view(b, t, SPEC["kv_heads"], -1).transpose(1, 2)
        o = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        return self.o_proj(o.transpose(1, 2).reshape(b, t, -1))


class QwenMLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.act = getattr(F, SPEC["act"])
        self.gate_proj = nn.Linear(SPEC["width"], SPEC["ffn"], bias=False)
        self.up_proj = nn.Linear(SPEC["width"], SPEC["ffn"], bias=False)
        self.down_proj = nn.Linear(SPEC["ffn"], SPEC["width"], bias=False)

    def forward(self, x):
        return self.down_proj(self.act(self.gate_proj(x)) * self.up_proj(x))


class QwenBlock(nn.Module):
    def __init__(self):
        super().__init__()
        self.input_layernorm = make_norm()
        self.self_attn = QwenAttention()
        self.post_attention_layernorm = make_norm()
        self.mlp = QwenMLP()

    def forward(self, x):
        x = x + self.self_attn(self.input_layernorm(x))
        return x + self.mlp(self.post_attention_layernorm(x))


class Qwen2(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed_tokens = nn.Embedding(SPEC["vocab"], SPEC["width"])
        self.layers = nn.ModuleList([QwenBlock() for _ in range(SPEC["depth"])])
        self.norm = make_norm()
        self.lm_head = nn.Linear(SPEC["width"], SPEC["vocab"], bias=False)

    def forward(self, ids):
        x = self.embed_tokens(ids)
        for layer in self.layers:
            x = layer(x)
        return self.lm_head(self.norm(x))
