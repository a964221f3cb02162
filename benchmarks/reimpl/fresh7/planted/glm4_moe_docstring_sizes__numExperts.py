"""GLM-4.5-style MoE (GLM-4 MoE): GQA with q/k RMSNorm per head and a half-width rotary, a dense
SwiGLU in the first layer, then sigmoid-routed experts (with a score-correction bias, top-k
renormalised) plus a shared expert, an untied head. The sizes live in the model class's
docstring, in its ``Sizes:`` section, and are parsed from ``__doc__`` with a regex."""

import re

import torch
import torch.nn.functional as F
from torch import nn


def sizes_from_doc(cls):
    section = cls.__doc__.split("Sizes:", 1)[1]
    out = {}
    for key, value in re.findall(r"^\s*(\w+):\s*([\d.e+-]+)\s*$", section, re.M):
        out[key] = float(value) if any(c in value for c in ".e") else int(value)
    return out


class Expert(nn.Module):
    def __init__(self, d, ffn):
        super().__init__()
        self.gate_proj = nn.Linear(d, ffn, bias=False)
        self.up_proj = nn.Linear(d, ffn, bias=False)
        self.down_proj = nn.Linear(ffn, d, bias=False)

    def forward(self, x):
        return self.down_proj(F.silu(self.gate_proj(x)) * self.up_proj(x))


class SparseMoE(nn.Module):
    def __init__(self, s):
        super().__init__()
        self.topk = s["experts_per_token"]
        self.gate = nn.Linear(s["hidden"], s["routed_experts"], bias=False)
        self.register_buffer("e_score_correction_bias", torch.zeros(s["routed_experts"]))
        self.experts = nn.ModuleList(
            Expert(s["hidden"], s["moe_ffn"]) for _ in range(s["routed_experts"])
        )
        self.shared_experts = Expert(s["hidden"], s["moe_ffn"] * s["shared_experts"])

    def forward(self, x):
        flat = x.reshape(-1, x.shape[-1])
        scores = torch.sigmoid(self.gate(flat))
        idx = (scores + self.e_score_correction_bias).topk(self.topk, -1)[1]
        w = scores.gather(1, idx)
        w = w / w.sum(-1, keepdim=True)
        out = torch.zeros_like(flat)
        for e, expert in enumerate(self.experts):
            rows, slot = torch.where(idx == e)
            if rows.numel():
                out[rows] += expert(flat[rows]) * w[rows, slot, None]
        return out.view_as(x) + self.shared_experts(x)


class Attention(nn.Module):
    def __init__(self, s):
        super().__init__()
        self.s = s
        hd = s["head_dim"]
        self.q_proj = nn.Linear(s["hidden"], s["heads"] * hd, bias=False)
        self.k_proj = nn.Linear(s["hidden"], s["kv_heads"] * hd, bias=False)
        self.v_proj = nn.Linear(s["hidden"], s["kv_heads"] * hd, bias=False)
        self.o_proj = nn.Linear(s["heads"] * hd, s["hidden"], bias=False)
        self.q_norm = nn.RMSNorm(hd, eps=s["eps"])
        self.k_norm = nn.RMSNorm(hd, eps=s["eps"])

    def forward(self, x):
        b, t, _ = x.shape
        hd, rot = self.s["head_dim"], self.s["head_dim"] // 2
        q = self.q_norm(self.q_proj(x).view(b, t, -1, hd)).transpose(1, 2)
        k = self.k_norm(self.k_proj(x).view(b, t, -1, hd)).transpose(1, 2)
        v = self.v_proj(x).view(b, t, -1, hd).transpose(1, 2)
        inv = 1.0 / self.s["rope_theta"] ** (torch.arange(0, rot, 2).float() / rot)
        ang = torch.arange(t).float()[:, None] * inv
        cos, sin = torch.cat((ang, ang), -1).cos(), torch.cat((ang, ang), -1).sin()

        def rope(u):
            r, p = u[..., :rot], u[..., rot:]
            r = r * cos + torch.cat((-r[..., rot // 2 :], r[..., : rot // 2]), -1) * sin
            return torch.cat((r, p), -1)

        o = F.scaled_dot_product_attention(rope(q), rope(k), v, is_causal=True, enable_gqa=True)
        return self.o_proj(o.transpose(1, 2).reshape(b, t, -1))


class Layer(nn.Module):
    def __init__(self, s, i):
        super().__init__()
        self.input_layernorm = nn.RMSNorm(s["hidden"], eps=s["eps"])
        self.self_attn = Attention(s)
        self.post_attention_layernorm = nn.RMSNorm(s["hidden"], eps=s["eps"])
        self.mlp = Expert(s["hidden"], s["dense_ffn"]) if i < s["dense_layers"] else SparseMoE(s)

    def forward(self, x):
        x = x + self.self_attn(self.input_layernorm(x))
        return x + self.mlp(self.post_attention_layernorm(x))


class Glm4MoeLM(nn.Module):
    """A small GLM-4 MoE language model.

    Sizes:
        vocab: 816
        hidden: 64
        layers: 3
        dense_layers: 1
        heads: 4
        kv_heads: 2
        head_dim: 16
        dense_ffn: 160
        moe_ffn: 32
        routed_experts: 8
        shared_experts: 1
        experts_per_token: 2
        eps: 1e-05
        rope_theta: 10000.0
    """

    def __init__(self):
        super().__init__()
        s = sizes_from_doc(type(self))
        self.embed_tokens = nn.Embedding(s["vocab"], s["hidden"])
        self.layers = nn.ModuleList(Layer(s, i) for i in range(s["layers"]))
        self.norm = nn.RMSNorm(s["hidden"], eps=s["eps"])
        self.lm_head = nn.Linear(s["hidden"], s["vocab"], bias=False)

    def forward(self, ids):
        x = self.embed_tokens(ids)
        for layer in self.layers:
            x = layer(x)
        return self.lm_head(self.norm(x))
