"""A tiny Mixtral whose sizes are spelled in its checkpoint name and parsed back with a regular
expression (``mixtral-4x48-d64-l2-h4-kv2-top2-v96``: experts x expert width, model width,
layers, heads, KV heads, experts per token, vocabulary); the mixture of experts is a dense,
compile-friendly dispatch: every expert runs on every token (one ``einsum`` over the stacked
expert weights) and the top-k router weights, scattered into a dense [tokens, experts] matrix,
combine them."""

from __future__ import annotations

import re

import torch
import torch.nn.functional as F
from torch import nn

CHECKPOINT = "mixtral-4x48-d64-l3-h4-kv2-top2-v96"
ROPE_THETA = 1000000.0
RMS_EPS = 1e-05

_PATTERN = re.compile(
    r"mixtral-(?P<experts>\d+)x(?P<ffn>\d+)-d(?P<dim>\d+)-l(?P<layers>\d+)-h(?P<heads>\d+)"
    r"-kv(?P<kv_heads>\d+)-top(?P<top_k>\d+)-v(?P<vocab>\d+)"
)


def parse_name(name: str) -> dict[str, int]:
    m = _PATTERN.fullmatch(name)
    if m is None:
        raise ValueError(f"not a mixtral checkpoint name: {name}")
    return {k: int(v) for k, v in m.groupdict().items()}


class RMSNorm(nn.Module):
    def __init__(self, dim: int) -> None:
        super().__init__()
        self.weight = nn.Parameter(torch.ones(dim))

    def forward(self, x):
        return self.weight * (x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + RMS_EPS))


class Attention(nn.Module):
    def __init__(self, s: dict) -> None:
        super().__init__()
        self.h, self.kv, self.hd = s["heads"], s["kv_heads"], s["dim"] // s["heads"]
        self.wq = nn.Linear(s["dim"], self.h * self.hd, bias=False)
        self.wk = nn.Linear(s["dim"], self.kv * self.hd, bias=False)
        self.wv = nn.Linear(s["dim"], self.kv * self.hd, bias=False)
        self.wo = nn.Linear(self.h * self.hd, s["dim"], bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        q = self.wq(x).view(b, t, self.h, self.hd).transpose(1, 2)
        k = self.wk(x).view(b, t, self.kv, self.hd).transpose(1, 2)
        v = self.wv(x).view(b, t, self.kv, self.hd).transpose(1, 2)
        inv = 1.0 / ROPE_THETA ** (torch.arange(0, self.hd, 2).float() / self.hd)
        ang = torch.outer(torch.arange(t).float(), inv)
        cos, sin = torch.cat([ang, ang], -1).cos(), torch.cat([ang, ang], -1).sin()

        def rot(y):
            y1, y2 = y.chunk(2, -1)
            return y * cos + torch.cat([-y2, y1], -1) * sin

        q, k = rot(q), rot(k)
        k = k.repeat_interleave(self.h // self.kv, 1)
        v = v.repeat_interleave(self.h // self.kv, 1)
        out = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.wo(out.transpose(1, 2).reshape(b, t, -1))


class DenseMoE(nn.Module):
    def __init__(self, s: dict) -> None:
        super().__init__()
        e, d, f = s["experts"], s["dim"], s["ffn"]
        self.top_k = s["top_k"]
        self.router = nn.Linear(d, e, bias=False)
        self.w_gate = nn.Parameter(torch.randn(e, f, d) * 0.02)
        self.w_up = nn.Parameter(torch.randn(e, f, d) * 0.02)
        self.w_down = nn.Parameter(torch.randn(e, d, f) * 0.02)

    def forward(self, x):
        probs = self.router(x).float().softmax(-1)
        top, idx = probs.topk(self.top_k, -1)
        top = top / top.sum(-1, keepdim=True)
        combine = torch.zeros_like(probs).scatter(-1, idx, top).to(x.dtype)
        h = F.silu(torch.einsum("btd,efd->btef", x, self.w_gate))
        h = h * torch.einsum("btd,efd->btef", x, self.w_up)
        y = torch.einsum("btef,edf->bted", h, self.w_down)
        return torch.einsum("bted,bte->btd", y, combine)


class Block(nn.Module):
    def __init__(self, s: dict) -> None:
        super().__init__()
        self.attention_norm = RMSNorm(s["dim"])
        self.attention = Attention(s)
        self.ffn_norm = RMSNorm(s["dim"])
        self.moe = DenseMoE(s)

    def forward(self, x):
        x = x + self.attention(self.attention_norm(x))
        return x + self.moe(self.ffn_norm(x))


class Mixtral(nn.Module):
    def __init__(self, name: str = CHECKPOINT) -> None:
        super().__init__()
        s = parse_name(name)
        self.tok_embeddings = nn.Embedding(s["vocab"], s["dim"])
        self.layers = nn.ModuleList(Block(s) for _ in range(s["layers"]))
        self.norm = RMSNorm(s["dim"])
        self.output = nn.Linear(s["dim"], s["vocab"], bias=False)

    def forward(self, ids):
        x = self.tok_embeddings(ids)
        for layer in self.layers:
            x = layer(x)
        return self.output(self.norm(x))
