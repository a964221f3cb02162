"""Phi-3.5-MoE-shaped model, hyper-parameters pasted from a log line as a Python dict literal and
read with ``ast.literal_eval``. LayerNorms with bias, biased attention projections, experts
w1 / w2 / w3 in a ModuleList, top-2 routing (softmax over the chosen logits)."""

import ast

import torch
import torch.nn.functional as F
from torch import nn

HPARAMS = ast.literal_eval(
    "{'vocab': 640, 'd': 64, 'ffn': 96, 'layers': 2, 'heads': 4, 'kv': 2, "
    "'experts': 4, 'top_k': 2, 'theta': 1000000.0, 'eps': 1e-5, 'qkv_bias': True}"
)
HD = HPARAMS["d"] // HPARAMS["heads"]


class Expert(nn.Module):
    def __init__(self):
        super().__init__()
        self.w1 = nn.Linear(HPARAMS["d"], HPARAMS["ffn"], bias=False)
        self.w2 = nn.Linear(HPARAMS["ffn"], HPARAMS["d"], bias=False)
        self.w3 = nn.Linear(HPARAMS["d"], HPARAMS["ffn"], bias=False)

    def forward(self, x):
        return self.w2(F.silu(self.w1(x)) * self.w3(x))


class SparseMoe(nn.Module):
    def __init__(self):
        super().__init__()
        self.router = nn.Linear(HPARAMS["d"], HPARAMS["experts"], bias=False)
        self.experts = nn.ModuleList(Expert() for _ in range(HPARAMS["experts"]))

    def forward(self, x):
        logits, idx = self.router(x).topk(HPARAMS["top_k"], -1)
        w = logits.softmax(-1)
        out = torch.zeros_like(x)
        for e, expert in enumerate(self.experts):
            out = out + expert(x) * (w * (idx == e)).sum(-1, keepdim=True)
        return out


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        d, bias = HPARAMS["d"], HPARAMS["qkv_bias"]
        self.input_layernorm = nn.LayerNorm(d, eps=HPARAMS["eps"])
        self.q_proj = nn.Linear(d, HPARAMS["heads"] * HD, bias=bias)
        self.k_proj = nn.Linear(d, HPARAMS["kv"] * HD, bias=bias)
        self.v_proj = nn.Linear(d, HPARAMS["kv"] * HD, bias=bias)
        self.o_proj = nn.Linear(HPARAMS["heads"] * HD, d, bias=bias)
        self.post_attention_layernorm = nn.LayerNorm(d, eps=HPARAMS["eps"])
        self.moe = SparseMoe()

    def forward(self, x):
        b, t, _ = x.shape
        h = self.input_layernorm(x)
        q = self.q_proj(h).view(b, t, -1, HD).transpose(1, 2)
        k = self.k_proj(h).view(b, t, -1, HD).transpose(1, 2)
        v = self.v_proj(h).view(b, t, -1, HD).transpose(1, 2)
        inv = 1.0 / HPARAMS["theta"] ** (torch.arange(0, HD, 2).float() / HD)
        a = torch.arange(t).float()[:, None] * inv
        cos, sin = torch.cat([a, a], -1).cos(), torch.cat([a, a], -1).sin()
        q = q * cos + torch.cat([-q[..., HD // 2 :], q[..., : HD // 2]], -1) * sin
        k = k * cos + torch.cat([-k[..., HD // 2 :], k[..., : HD // 2]], -1) * sin
        o = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        x = x + self.o_proj(o.transpose(1, 2).reshape(b, t, -1))
        return x + self.moe(self.post_attention_layernorm(x))


class PhiMoE(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(HPARAMS["vocab"], HPARAMS["d"])
        self.blocks = nn.ModuleList(Block() for _ in range(HPARAMS["layers"]))
        self.final_norm = nn.LayerNorm(HPARAMS["d"], eps=HPARAMS["eps"])
        self.head = nn.Linear(HPARAMS["d"], HPARAMS["vocab"], bias=False)

    def forward(self, ids):
        x = self.embed(ids)
        for blk in self.blocks:
            x = blk(x)
        return self.head(self.final_norm(x))
