"""Hunyuan-A13B-style MoE (HunYuan MoE v1): GQA with per-head q/k RMSNorm after the rotary
projection, every layer a mixture of SwiGLU experts (softmax top-k) plus one always-on shared
MLP of the same width, an untied head. Sizes are presets stored as zero-argument lambdas in a
dict (``PRESETS["tiny"]()``), so each call gets a fresh dict."""

import torch
import torch.nn.functional as F
from torch import nn

PRESETS = {
    "a13b": lambda: dict(
        vocab=128167, d=4096, layers=32, heads=32, kv=8, hd=128, ffn=3072, experts=64, topk=8
    ),
    "tiny": lambda: dict(
        vocab=624, d=64, layers=2, heads=4, kv=2, hd=16, ffn=96, experts=4, topk=1
    ),
}
EPS = 1e-5
ROPE_THETA = 10000.0


class SwiGLU(nn.Module):
    def __init__(self, d, ffn):
        super().__init__()
        self.gate_proj = nn.Linear(d, ffn, bias=False)
        self.up_proj = nn.Linear(d, ffn, bias=False)
        self.down_proj = nn.Linear(ffn, d, bias=False)

    def forward(self, x):
        return self.down_proj(F.silu(self.gate_proj(x)) * self.up_proj(x))


class HunYuanAttention(nn.Module):
    def __init__(self, p):
        super().__init__()
        self.p = p
        self.q_proj = nn.Linear(p["d"], p["heads"] * p["hd"], bias=False)
        self.k_proj = nn.Linear(p["d"], p["kv"] * p["hd"], bias=False)
        self.v_proj = nn.Linear(p["d"], p["kv"] * p["hd"], bias=False)
        self.o_proj = nn.Linear(p["heads"] * p["hd"], p["d"], bias=False)
        self.query_layernorm = nn.RMSNorm(p["hd"], eps=EPS)
        self.key_layernorm = nn.RMSNorm(p["hd"], eps=EPS)

    def forward(self, x):
        b, t, _ = x.shape
        hd = self.p["hd"]
        q = self.q_proj(x).view(b, t, -1, hd).transpose(1, 2)
        k = self.k_proj(x).view(b, t, -1, hd).transpose(1, 2)
        v = self.v_proj(x).view(b, t, -1, hd).transpose(1, 2)
        inv = 1.0 / ROPE_THETA ** (torch.arange(0, hd, 2).float() / hd)
        ang = torch.arange(t).float()[:, None] * inv
        cos, sin = torch.cat((ang, ang), -1).cos(), torch.cat((ang, ang), -1).sin()
        q = q * cos + torch.cat((-q[..., hd // 2 :], q[..., : hd // 2]), -1) * sin
        k = k * cos + torch.cat((-k[..., hd // 2 :], k[..., : hd // 2]), -1) * sin
        q, k = self.query_layernorm(q), self.key_layernorm(k)
        o = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        return self.o_proj(o.transpose(1, 2).reshape(b, t, -1))


class HunYuanMoE(nn.Module):
    def __init__(self, p):
        super().__init__()
        self.topk = p["topk"]
        self.wg = nn.Linear(p["d"], p["experts"], bias=False)
        self.experts = nn.ModuleList(SwiGLU(p["d"], p["ffn"]) for _ in range(p["experts"]))
        self.shared_mlp = SwiGLU(p["d"], p["ffn"])

    def forward(self, x):
        flat = x.reshape(-1, x.shape[-1])
        w, idx = self.wg(flat).softmax(-1).topk(self.topk, -1)
        w = w / w.sum(-1, keepdim=True)
        out = torch.zeros_like(flat)
        for e, expert in enumerate(self.experts):
            rows, slot = torch.where(idx == e)
            if rows.numel():
                out[rows] += expert(flat[rows]) * w[rows, slot, None]
        return out.view_as(x) + self.shared_mlp(x)


class HunYuanLayer(nn.Module):
    def __init__(self, p):
        super().__init__()
        self.input_layernorm = nn.RMSNorm(p["d"], eps=EPS)
        self.self_attn = HunYuanAttention(p)
        self.post_attention_layernorm = nn.RMSNorm(p["d"], eps=EPS)
        self.mlp = HunYuanMoE(p)

    def forward(self, x):
        x = x + self.self_attn(self.input_layernorm(x))
        return x + self.mlp(self.post_attention_layernorm(x))


class HunYuanMoELM(nn.Module):
    def __init__(self, preset="tiny"):
        super().__init__()
        p = PRESETS[preset]()
        self.embed_tokens = nn.Embedding(p["vocab"], p["d"])
        self.layers = nn.ModuleList(HunYuanLayer(p) for _ in range(p["layers"]))
        self.norm = nn.RMSNorm(p["d"], eps=EPS)
        self.lm_head = nn.Linear(p["d"], p["vocab"], bias=False)

    def forward(self, ids):
        x = self.embed_tokens(ids)
        for layer in self.layers:
            x = layer(x)
        return self.lm_head(self.norm(x))
