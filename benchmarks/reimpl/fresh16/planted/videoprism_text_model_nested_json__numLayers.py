"""VideoPrism's text encoder (a learned CLS vector appended, fixed sinusoid positions, tanh
logit soft-capping at 50), sized from the nested JSON of our retrieval experiment."""

import json
import math

import torch
import torch.nn as nn

EXPERIMENT = json.loads(
    """
{"name": "vp-text-tiny", "model": {"text": {"vocab": 256, "dim": 64, "depth": 3,
 "heads": 4, "mlp_dim": 128, "max_len": 64, "eps": 1e-6}, "video": null}}
"""
)
TEXT = EXPERIMENT["model"]["text"]
CAP = 50.0


def sinusoids(n, d):
    pos = torch.arange(n).float()[:, None]
    inv = torch.exp(torch.arange(0, d, 2).float() * (-math.log(10000.0) / d))
    return torch.cat([torch.sin(pos * inv), torch.cos(pos * inv)], -1)


class Attention(nn.Module):
    def __init__(self, d, h):
        super().__init__()
        self.h = h
        self.q_proj, self.k_proj = nn.Linear(d, d), nn.Linear(d, d)
        self.v_proj, self.o_proj = nn.Linear(d, d), nn.Linear(d, d)

    def forward(self, x):
        b, t, d = x.shape
        q, k, v = (
            p(x).view(b, t, self.h, -1).transpose(1, 2)
            for p in (self.q_proj, self.k_proj, self.v_proj)
        )
        s = q @ k.transpose(-1, -2) / math.sqrt(d // self.h)
        w = (CAP * torch.tanh(s / CAP)).softmax(-1)
        return self.o_proj((w @ v).transpose(1, 2).reshape(b, t, d))


class Layer(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.layernorm_before = nn.LayerNorm(c["dim"], eps=c["eps"])
        self.attention = Attention(c["dim"], c["heads"])
        self.layernorm_after = nn.LayerNorm(c["dim"], eps=c["eps"])
        self.mlp = nn.Sequential(
            nn.Linear(c["dim"], c["mlp_dim"]), nn.ReLU(), nn.Linear(c["mlp_dim"], c["dim"])
        )

    def forward(self, x):
        x = x + self.attention(self.layernorm_before(x))
        return x + self.mlp(self.layernorm_after(x))


class VideoPrismText(nn.Module):
    def __init__(self, c=TEXT):
        super().__init__()
        self.token_embedding = nn.Embedding(c["vocab"], c["dim"])
        self.cls_emb = nn.Parameter(torch.zeros(1, 1, c["dim"]))
        self.register_buffer("position_embedding", sinusoids(c["max_len"], c["dim"]))
        self.layers = nn.ModuleList(Layer(c) for _ in range(c["depth"]))
        self.layernorm = nn.LayerNorm(c["dim"], eps=c["eps"])

    def forward(self, ids):
        x = self.token_embedding(ids) * math.sqrt(x_dim := self.cls_emb.shape[-1])
        x = x + self.position_embedding[: ids.shape[1]]
        x = torch.cat([x, self.cls_emb.expand(x.shape[0], -1, x_dim)], 1)
        for layer in self.layers:
            x = layer(x)
        return self.layernorm(x)
