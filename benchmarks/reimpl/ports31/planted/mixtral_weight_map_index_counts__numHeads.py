"""A tiny Mixtral whose sizes are read from its checkpoint's ``model.safetensors.index.json``
(pasted): the scalar sizes from the index's ``metadata`` and the layer and expert counts from the
tensor names of its ``weight_map`` (one more than the highest ``layers.<i>.`` and
``.experts.<e>.`` index, found with ``re``), as users count them from a state dict. Four SwiGLU
experts, two routed per token (softmax, top-k, renormalised), grouped key/value heads, rotary
positions, RMSNorm, untied output."""

from __future__ import annotations

import json
import re

import torch
import torch.nn.functional as F
from torch import nn

INDEX_JSON = """{
  "metadata": {
    "total_size": 1466880,
    "vocab_size": 96,
    "dim": 64,
    "n_heads": 8,
    "n_kv_heads": 2,
    "hidden_dim": 96,
    "top_k": 2,
    "norm_eps": 1e-05,
    "rope_theta": 1000000.0
  },
  "weight_map": {
    "tok_embeddings.weight": "model-00001-of-00002.safetensors",
    "layers.0.attention.wq.weight": "model-00001-of-00002.safetensors",
    "layers.0.attention.wk.weight": "model-00001-of-00002.safetensors",
    "layers.0.attention.wv.weight": "model-00001-of-00002.safetensors",
    "layers.0.attention.wo.weight": "model-00001-of-00002.safetensors",
    "layers.0.block_sparse_moe.gate.weight": "model-00001-of-00002.safetensors",
    "layers.0.block_sparse_moe.experts.0.w1.weight": "model-00001-of-00002.safetensors",
    "layers.0.block_sparse_moe.experts.0.w2.weight": "model-00001-of-00002.safetensors",
    "layers.0.block_sparse_moe.experts.0.w3.weight": "model-00001-of-00002.safetensors",
    "layers.0.block_sparse_moe.experts.1.w1.weight": "model-00001-of-00002.safetensors",
    "layers.0.block_sparse_moe.experts.1.w2.weight": "model-00001-of-00002.safetensors",
    "layers.0.block_sparse_moe.experts.1.w3.weight": "model-00001-of-00002.safetensors",
    "layers.0.block_sparse_moe.experts.2.w1.weight": "model-00001-of-00002.safetensors",
    "layers.0.block_sparse_moe.experts.2.w2.weight": "model-00001-of-00002.safetensors",
    "layers.0.block_sparse_moe.experts.2.w3.weight": "model-00001-of-00002.safetensors",
    "layers.0.block_sparse_moe.experts.3.w1.weight": "model-00001-of-00002.safetensors",
    "layers.0.block_sparse_moe.experts.3.w2.weight": "model-00001-of-00002.safetensors",
    "layers.0.block_sparse_moe.experts.3.w3.weight": "model-00001-of-00002.safetensors",
    "layers.0.attention_norm.weight": "model-00001-of-00002.safetensors",
    "layers.0.ffn_norm.weight": "model-00001-of-00002.safetensors",
    "layers.1.attention.wq.weight": "model-00002-of-00002.safetensors",
    "layers.1.attention.wk.weight": "model-00002-of-00002.safetensors",
    "layers.1.attention.wv.weight": "model-00002-of-00002.safetensors",
    "layers.1.attention.wo.weight": "model-00002-of-00002.safetensors",
    "layers.1.block_sparse_moe.gate.weight": "model-00002-of-00002.safetensors",
    "layers.1.block_sparse_moe.experts.0.w1.weight": "model-00002-of-00002.safetensors",
    "layers.1.block_sparse_moe.experts.0.w2.weight": "model-00002-of-00002.safetensors",
    "layers.1.block_sparse_moe.experts.0.w3.weight": "model-00002-of-00002.safetensors",
    "layers.1.block_sparse_moe.experts.1.w1.weight": "model-00002-of-00002.safetensors",
    "layers.1.block_sparse_moe.experts.1.w2.weight": "model-00002-of-00002.safetensors",
    "layers.1.block_sparse_moe.experts.1.w3.weight": "model-00002-of-00002.safetensors",
    "layers.1.block_sparse_moe.experts.2.w1.weight": "model-00002-of-00002.safetensors",
    "layers.1.block_sparse_moe.experts.2.w2.weight": "model-00002-of-00002.safetensors",
    "layers.1.block_sparse_moe.experts.2.w3.weight": "model-00002-of-00002.safetensors",
    "layers.1.block_sparse_moe.experts.3.w1.weight": "model-00002-of-00002.safetensors",
    "layers.1.block_sparse_moe.experts.3.w2.weight": "model-00002-of-00002.safetensors",
    "layers.1.block_sparse_moe.experts.3.w3.weight": "model-00002-of-00002.safetensors",
    "layers.1.attention_norm.weight": "model-00002-of-00002.safetensors",
    "layers.1.ffn_norm.weight": "model-00002-of-00002.safetensors",
    "norm.weight": "model-00002-of-00002.safetensors",
    "output.weight": "model-00002-of-00002.safetensors"
  }
}"""


def highest(pattern: str, names) -> int:
    return max(int(m.group(1)) for name in names if (m := re.search(pattern, name)))


index = json.loads(INDEX_JSON)
P = dict(index["metadata"])
P["n_layers"] = 1 + highest(r"^layers\.(\d+)\.", index["weight_map"])
P["n_experts"] = 1 + highest(r"\.experts\.(\d+)\.", index["weight_map"])


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
