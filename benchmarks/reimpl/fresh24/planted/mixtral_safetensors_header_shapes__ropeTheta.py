"""A tiny Mixtral whose sizes are inferred from its checkpoint's ``safetensors`` header (the
8-byte little-endian length and the JSON that open a ``.safetensors`` file: each tensor's dtype
and shape, plus a string-to-string ``__metadata__``), as conversion scripts do: the vocabulary
and width from the embedding's shape, the layers from the largest layer index, key/value heads
from ``k``'s rows, the expert width from an expert's rows, the experts from the router's rows;
what no shape holds (heads, top-k, eps, RoPE base) from the metadata strings. Four SwiGLU
experts, two routed per token (softmax, top-k, renormalised), grouped key/value heads, rotary
positions, RMSNorm, untied output."""

from __future__ import annotations

import json

import torch
import torch.nn.functional as F
from torch import nn

SHAPES = {
    "embed.weight": [96, 64],
    "norm.weight": [64],
    "head.weight": [96, 64],
}
for i in range(2):
    SHAPES[f"layers.{i}.attn_norm.weight"] = [64]
    SHAPES[f"layers.{i}.attn.q.weight"] = [64, 64]
    SHAPES[f"layers.{i}.attn.k.weight"] = [32, 64]
    SHAPES[f"layers.{i}.attn.v.weight"] = [32, 64]
    SHAPES[f"layers.{i}.attn.o.weight"] = [64, 64]
    SHAPES[f"layers.{i}.mlp_norm.weight"] = [64]
    SHAPES[f"layers.{i}.moe.router.weight"] = [4, 64]
    for e in range(4):
        SHAPES[f"layers.{i}.moe.experts.{e}.gate.weight"] = [96, 64]
        SHAPES[f"layers.{i}.moe.experts.{e}.up.weight"] = [96, 64]
        SHAPES[f"layers.{i}.moe.experts.{e}.down.weight"] = [64, 96]
METADATA = {
    "format": "pt",
    "n_heads": "4",
    "top_k": "2",
    "norm_eps": "1e-05",
    "rope_theta": "10000.0",
}
_ENTRIES = {k: {"dtype": "F32", "shape": s, "data_offsets": [0, 0]} for k, s in SHAPES.items()}
_HEADER = json.dumps({"__metadata__": METADATA, **_ENTRIES}).encode()
BLOB = len(_HEADER).to_bytes(8, "little") + _HEADER  # the first bytes of model.safetensors


def read_header(blob: bytes) -> tuple[dict, dict]:
    n = int.from_bytes(blob[:8], "little")
    header = json.loads(blob[8 : 8 + n])
    meta = header.pop("__metadata__")
    return {k: v["shape"] for k, v in header.items()}, meta


def infer_sizes(shapes: dict, meta: dict) -> dict:
    vocab, dim = shapes["embed.weight"]
    n_heads = int(meta["n_heads"])
    return {
        "vocab_size": vocab,
        "dim": dim,
        "n_layers": 1 + max(int(k.split(".")[1]) for k in shapes if k.startswith("layers.")),
        "n_heads": n_heads,
        "n_kv_heads": shapes["layers.0.attn.k.weight"][0] // (dim // n_heads),
        "hidden_dim": shapes["layers.0.moe.experts.0.gate.weight"][0],
        "n_experts": shapes["layers.0.moe.router.weight"][0],
        "top_k": int(meta["top_k"]),
        "norm_eps": float(meta["norm_eps"]),
        "rope_theta": float(meta["rope_theta"]),
    }


P = infer_sizes(*read_header(BLOB))


class RMSNorm(nn.Module):
    def __init__(self, dim: int) -> None:
        super().__init__()
        self.weight = nn.Parameter(torch.ones(dim))

    def forward(self, x):
        return self.weight * (x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + P["norm_eps"]))


class Attention(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        d = P["dim"]
        self.h, self.kv = P["n_heads"], P["n_kv_heads"]
        self.hd = d // self.h
        self.q = nn.Linear(d, self.h * self.hd, bias=False)
        self.k = nn.Linear(d, self.kv * self.hd, bias=False)
        self.v = nn.Linear(d, self.kv * self.hd, bias=False)
        self.o = nn.Linear(self.h * self.hd, d, bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        inv = 1.0 / (P["rope_theta"] ** (torch.arange(0, self.hd, 2).float() / self.hd))
        ang = torch.outer(torch.arange(t).float(), inv).repeat(1, 2)
        cos, sin = ang.cos(), ang.sin()

        def rot(z):
            half = z.shape[-1] // 2
            return z * cos + torch.cat([-z[..., half:], z[..., :half]], -1) * sin

        q = rot(self.q(x).view(b, t, self.h, self.hd).transpose(1, 2))
        k = rot(self.k(x).view(b, t, self.kv, self.hd).transpose(1, 2))
        v = self.v(x).view(b, t, self.kv, self.hd).transpose(1, 2)
        k = k.repeat_interleave(self.h // self.kv, 1)
        v = v.repeat_interleave(self.h // self.kv, 1)
        mask = torch.ones(t, t, dtype=torch.bool).tril()
        o = F.scaled_dot_product_attention(q, k, v, attn_mask=mask)
        return self.o(o.transpose(1, 2).reshape(b, t, -1))


class MLP(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        d, f = P["dim"], P["hidden_dim"]
        self.gate = nn.Linear(d, f, bias=False)
        self.up = nn.Linear(d, f, bias=False)
        self.down = nn.Linear(f, d, bias=False)

    def forward(self, x):
        return self.down(F.silu(self.gate(x)) * self.up(x))


class MoE(nn.Module):
    """Top-k routed SwiGLU experts, computed densely (every expert sees every token, and the
    routing weights zero the ones not chosen)."""

    def __init__(self) -> None:
        super().__init__()
        self.router = nn.Linear(P["dim"], P["n_experts"], bias=False)
        self.experts = nn.ModuleList(MLP() for _ in range(P["n_experts"]))

    def forward(self, x):
        probs = self.router(x).float().softmax(-1)
        top, idx = probs.topk(P["top_k"], -1)
        top = top / top.sum(-1, keepdim=True)
        weights = torch.zeros_like(probs).scatter(-1, idx, top).to(x.dtype)
        outs = torch.stack([e(x) for e in self.experts], -1)
        return (outs * weights.unsqueeze(-2)).sum(-1)


class Layer(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.attn_norm = RMSNorm(P["dim"])
        self.attn = Attention()
        self.mlp_norm = RMSNorm(P["dim"])
        self.moe = MoE()

    def forward(self, x):
        x = x + self.attn(self.attn_norm(x))
        return x + self.moe(self.mlp_norm(x))


class MixtralFromHeader(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.embed = nn.Embedding(P["vocab_size"], P["dim"])
        self.layers = nn.ModuleList(Layer() for _ in range(P["n_layers"]))
        self.norm = RMSNorm(P["dim"])
        self.head = nn.Linear(P["dim"], P["vocab_size"], bias=False)

    def forward(self, ids):
        x = self.embed(ids)
        for layer in self.layers:
            x = layer(x)
        return self.head(self.norm(x))
