"""Text backbone of a small edge VLM: GQA attention, squared-ReLU MLP (fc1 -> relu^2 -> fc2).
The settings class is made at import time from a field table with dataclasses.make_dataclass."""

import dataclasses

import torch
import torch.nn.functional as F
from torch import nn

FIELDS = [
    ("vocab", int, 256),
    ("d_model", int, 64),
    ("n_layer", int, 2),
    ("n_head", int, 4),
    ("n_kv_head", int, 1),
    ("d_ff", int, 128),
    ("rope_theta", float, 10000.0),
]
EdgeTextConfig = dataclasses.make_dataclass(
    "EdgeTextConfig", [(n, t, dataclasses.field(default=v)) for n, t, v in FIELDS]
)
CFG = EdgeTextConfig()


class RMSNorm(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(d))

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-5)


def rotate(x, theta):
    d = x.shape[-1]
    f = torch.arange(x.shape[-2])[:, None] / theta ** (torch.arange(0, d, 2) / d)
    f = torch.cat([f, f], -1)
    a, b = x.chunk(2, -1)
    return x * f.cos() + torch.cat([-b, a], -1) * f.sin()


class EdgeBlock(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.hd = c.d_model // c.n_head
        self.c = c
        self.input_layernorm = RMSNorm(c.d_model)
        self.q_proj = nn.Linear(c.d_model, c.n_head * self.hd, bias=False)
        self.k_proj = nn.Linear(c.d_model, c.n_kv_head * self.hd, bias=False)
        self.v_proj = nn.Linear(c.d_model, c.n_kv_head * self.hd, bias=False)
        self.o_proj = nn.Linear(c.n_head * self.hd, c.d_model, bias=False)
        self.post_attention_layernorm = RMSNorm(c.d_model)
        self.fc1 = nn.Linear(c.d_model, c.d_ff, bias=False)
        self.fc2 = nn.Linear(c.d_ff, c.d_model, bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        c = self.c
        y = self.input_layernorm(x)
        q = rotate(self.q_proj(y).view(b, t, c.n_head, -1).transpose(1, 2), c.rope_theta)
        k = rotate(self.k_proj(y).view(b, t, c.n_kv_head, -1).transpose(1, 2), c.rope_theta)
        v = self.v_proj(y).view(b, t, c.n_kv_head, -1).transpose(1, 2)
        o = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        x = x + self.o_proj(o.transpose(1, 2).reshape(b, t, -1))
        return x + self.fc2(F.relu(self.fc1(self.post_attention_layernorm(x))) ** 2)


class EdgeTextModel(nn.Module):
    def __init__(self):
        super().__init__()
        self.wte = nn.Embedding(CFG.vocab, CFG.d_model)
        self.h = nn.ModuleList(EdgeBlock(CFG) for _ in range(CFG.n_layer))
        self.ln_f = RMSNorm(CFG.d_model)

    def forward(self, ids):
        x = self.wte(ids)
        for block in self.h:
            x = block(x)
        return self.ln_f(x)
