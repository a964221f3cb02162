"""Muse-Glimmer's text decoder: gated attention and four norms a layer. Blocks register
themselves through ``__init_subclass__`` and the stack is assembled from their names."""

import torch
import torch.nn as nn
import torch.nn.functional as F

HP = {"vocab": 256, "d": 64, "n_layers": 2, "heads": 4, "kv": 2, "head_dim": 16, "ffn": 256}
EPS = 1e-5
BLOCKS: dict[str, type] = {}


class Registered(nn.Module):
    kind = ""

    def __init_subclass__(cls, **kw):
        super().__init_subclass__(**kw)
        BLOCKS[cls.kind] = cls


class RMSNorm(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(d))

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + EPS)


class GatedAttn(Registered):
    kind = "attn"

    def __init__(self, hp):
        super().__init__()
        self.h, self.kv, self.hd = hp["heads"], hp["kv"], hp["head_dim"]
        d = hp["d"]
        self.q_proj = nn.Linear(d, self.h * self.hd, bias=False)
        self.k_proj = nn.Linear(d, self.kv * self.hd, bias=False)
        self.v_proj = nn.Linear(d, self.kv * self.hd, bias=False)
        self.o_proj = nn.Linear(self.h * self.hd, d, bias=False)
        self.gate_proj = nn.Linear(d, self.h * self.hd, bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        q = self.q_proj(x).view(b, t, self.h, self.hd).transpose(1, 2)
        k = self.k_proj(x).view(b, t, self.kv, self.hd).transpose(1, 2)
        v = self.v_proj(x).view(b, t, self.kv, self.hd).transpose(1, 2)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        y = y.transpose(1, 2).reshape(b, t, -1) * torch.sigmoid(self.gate_proj(x))
        return self.o_proj(y)


class SwiGLU(Registered):
    kind = "mlp"

    def __init__(self, hp):
        super().__init__()
        self.gate_proj = nn.Linear(hp["d"], hp["ffn"], bias=False)
        self.up_proj = nn.Linear(hp["d"], hp["ffn"], bias=False)
        self.down_proj = nn.Linear(hp["ffn"], hp["d"], bias=False)

    def forward(self, x):
        return self.down_proj(F.silu(self.gate_proj(x)) * self.up_proj(x))


class Sandwich(nn.Module):
    def __init__(self, hp):
        super().__init__()
        self.self_attn, self.mlp = BLOCKS["attn"](hp), BLOCKS["mlp"](hp)
        self.input_layernorm = RMSNorm(hp["d"])
        self.post_attention_layernorm = RMSNorm(hp["d"])
        self.pre_feedforward_layernorm = RMSNorm(hp["d"])
        self.post_feedforward_layernorm = RMSNorm(hp["d"])

    def forward(self, x):
        x = x + self.post_attention_layernorm(self.self_attn(self.input_layernorm(x)))
        return x + self.post_feedforward_layernorm(self.mlp(self.pre_feedforward_layernorm(x)))


class MuseText(nn.Module):
    def __init__(self, hp=HP):
        super().__init__()
        self.embed_tokens = nn.Embedding(hp["vocab"], hp["d"])
        self.layers = nn.ModuleList(Sandwich(hp) for _ in range(hp["n_layers"]))
        self.norm = RMSNorm(hp["d"])

    def forward(self, ids):
        x = self.embed_tokens(ids)
        for layer in self.layers:
            x = layer(x)
        return self.norm(x)
