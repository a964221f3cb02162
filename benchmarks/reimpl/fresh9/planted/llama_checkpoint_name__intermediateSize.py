"""Llama (tiny) whose sizes are read back from the checkpoint's run name, the way a sweep
names its runs: ``v32000-d4096-l32-h32-kv8-f11008`` is split with a regular expression into
``{"v": 32000, "d": 4096, ...}``."""

import re

import torch
import torch.nn.functional as F
from torch import nn

RUN_NAME = "llama-tiny-v512-d64-l2-h4-kv2-f256"
THETA = 10000.0
EPS = 1e-6


def parse_run_name(name):
    return {k: int(v) for k, v in re.findall(r"-([a-z]+)(\d+)", name)}


class RMSNorm(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(d))

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + EPS)


def apply_rope(x):
    t, hd = x.shape[-2], x.shape[-1]
    inv = THETA ** (-torch.arange(0, hd, 2, device=x.device).float() / hd)
    ang = torch.outer(torch.arange(t, device=x.device).float(), inv)
    cos, sin = torch.cat([ang, ang], -1).cos(), torch.cat([ang, ang], -1).sin()
    x1, x2 = x[..., : hd // 2], x[..., hd // 2 :]
    return x * cos + torch.cat([-x2, x1], -1) * sin


class Attention(nn.Module):
    def __init__(self, s):
        super().__init__()
        self.h, self.kv, self.hd = s["h"], s["kv"], s["d"] // s["h"]
        self.wq = nn.Linear(s["d"], self.h * self.hd, bias=False)
        self.wk = nn.Linear(s["d"], self.kv * self.hd, bias=False)
        self.wv = nn.Linear(s["d"], self.kv * self.hd, bias=False)
        self.wo = nn.Linear(self.h * self.hd, s["d"], bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        q = apply_rope(self.wq(x).view(b, t, self.h, self.hd).transpose(1, 2))
        k = apply_rope(self.wk(x).view(b, t, self.kv, self.hd).transpose(1, 2))
        v = self.wv(x).view(b, t, self.kv, self.hd).transpose(1, 2)
        o = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        return self.wo(o.transpose(1, 2).reshape(b, t, -1))


class FeedForward(nn.Module):
    def __init__(self, s):
        super().__init__()
        self.w1 = nn.Linear(s["d"], s["f"], bias=False)
        self.w3 = nn.Linear(s["d"], s["f"], bias=False)
        self.w2 = nn.Linear(s["f"], s["d"], bias=False)

    def forward(self, x):
        return self.w2(F.silu(self.w1(x)) * self.w3(x))


class TransformerBlock(nn.Module):
    def __init__(self, s):
        super().__init__()
        self.attention_norm = RMSNorm(s["d"])
        self.attention = Attention(s)
        self.ffn_norm = RMSNorm(s["d"])
        self.feed_forward = FeedForward(s)

    def forward(self, x):
        x = x + self.attention(self.attention_norm(x))
        return x + self.feed_forward(self.ffn_norm(x))


class Llama(nn.Module):
    def __init__(self, run_name=RUN_NAME):
        super().__init__()
        s = parse_run_name(run_name)
        self.tok_embeddings = nn.Embedding(s["v"], s["d"])
        self.layers = nn.ModuleList(TransformerBlock(s) for _ in range(s["l"]))
        self.norm = RMSNorm(s["d"])
        self.output = nn.Linear(s["d"], s["v"], bias=False)

    def forward(self, ids):
        h = self.tok_embeddings(ids)
        for layer in self.layers:
            h = layer(h)
        return self.output(self.norm(h))
