"""A Sarvam-MoE re-implementation whose sizes come from a ``key: value`` text block parsed by hand
(a YAML file pasted in, without a YAML dependency); the first layer dense, then MoE layers with
one shared expert; per-head q/k norms."""

import torch
import torch.nn as nn
import torch.nn.functional as F

SPEC = """
vocab: 256
hidden: 64
layers: 2
heads: 4
kv_heads: 4
head_dim: 16
dense_ffn: 128
expert_ffn: 32
experts: 4
top_k: 2
first_dense: 1
rope_theta: 8000000.0
eps: 1e-5
"""
CFG = {
    k.strip(): float(v) if "." in v or "e" in v else int(v)
    for k, v in (ln.split(":") for ln in SPEC.strip().splitlines())
}


class SwiGLU(nn.Module):
    def __init__(self, d, f):
        super().__init__()
        self.gate_proj = nn.Linear(d, f, bias=False)
        self.up_proj = nn.Linear(d, f, bias=False)
        self.down_proj = nn.Linear(f, d, bias=False)

    def forward(self, x):
        return self.down_proj(F.silu(self.gate_proj(x)) * self.up_proj(x))


class Experts(nn.Module):
    def __init__(self, n, d, f):
        super().__init__()
        self.gate_up_proj = nn.Parameter(torch.empty(n, 2 * f, d))
        self.down_proj = nn.Parameter(torch.empty(n, d, f))


class MoE(nn.Module):
    def __init__(self):
        super().__init__()
        d, f, n = CFG["hidden"], CFG["expert_ffn"], CFG["experts"]
        self.gate = nn.Linear(d, n, bias=False)
        self.experts = Experts(n, d, f)
        self.shared_experts = SwiGLU(d, f)

    def forward(self, x):
        w, idx = self.gate(x).sigmoid().topk(CFG["top_k"], -1)
        out = self.shared_experts(x)
        for slot in range(CFG["top_k"]):
            gu = torch.einsum("btd,btfd->btf", x, self.experts.gate_up_proj[idx[..., slot]])
            g, u = gu.chunk(2, -1)
            y = torch.einsum("btf,btdf->btd", F.silu(g) * u, self.experts.down_proj[idx[..., slot]])
            out = out + w[..., slot, None] * y
        return out


class Attention(nn.Module):
    def __init__(self):
        super().__init__()
        d, h, kv, hd = CFG["hidden"], CFG["heads"], CFG["kv_heads"], CFG["head_dim"]
        self.q_proj = nn.Linear(d, h * hd, bias=False)
        self.k_proj = nn.Linear(d, kv * hd, bias=False)
        self.v_proj = nn.Linear(d, kv * hd, bias=False)
        self.o_proj = nn.Linear(h * hd, d, bias=False)
        self.q_norm = nn.RMSNorm(hd, eps=CFG["eps"])
        self.k_norm = nn.RMSNorm(hd, eps=CFG["eps"])

    def forward(self, x):
        B, T, _ = x.shape
        hd = CFG["head_dim"]
        q = self.q_norm(self.q_proj(x).view(B, T, -1, hd)).transpose(1, 2)
        k = self.k_norm(self.k_proj(x).view(B, T, -1, hd)).transpose(1, 2)
        v = self.v_proj(x).view(B, T, -1, hd).transpose(1, 2)
        o = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        return self.o_proj(o.transpose(1, 2).reshape(B, T, -1))


class Layer(nn.Module):
    def __init__(self, i):
        super().__init__()
        self.input_layernorm = nn.RMSNorm(CFG["hidden"], eps=CFG["eps"])
        self.self_attn = Attention()
        self.post_attention_layernorm = nn.RMSNorm(CFG["hidden"], eps=CFG["eps"])
        self.mlp = SwiGLU(CFG["hidden"], CFG["dense_ffn"]) if i < CFG["first_dense"] else MoE()

    def forward(self, x):
        x = x + self.self_attn(self.input_layernorm(x))
        return x + self.mlp(self.post_attention_layernorm(x))


class SarvamMoE(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed_tokens = nn.Embedding(CFG["vocab"], CFG["hidden"])
        self.layers = nn.ModuleList(Layer(i) for i in range(CFG["layers"]))
        self.norm = nn.RMSNorm(CFG["hidden"], eps=CFG["eps"])

    def forward(self, ids):
        x = self.embed_tokens(ids)
        for layer in self.layers:
            x = layer(x)
        return self.norm(x)
