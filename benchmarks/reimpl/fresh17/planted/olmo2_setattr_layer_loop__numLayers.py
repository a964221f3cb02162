"""OLMo 2 with its layers attached by setattr in a loop and fetched by getattr in the forward;
post-norm residuals, q/k norms over all heads."""

import torch
import torch.nn as nn
import torch.nn.functional as F

SETTINGS = {
    "d_model": 64,
    "n_heads": 4,
    "n_kv_heads": 4,
    "n_layers": 3,
    "mlp_hidden": 128,
    "vocab": 320,
    "rope_theta": 10000.0,
    "eps": 1e-6,
}


class Norm(nn.Module):
    def __init__(self, n, eps):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(n))

    def forward(self, x):
        return self.weight * (x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps))


def rope(x, theta):
    T, d = x.shape[-2], x.shape[-1]
    inv = 1.0 / theta ** (torch.arange(0, d, 2).float() / d)
    a = torch.arange(T).float()[:, None] * inv
    a = torch.cat([a, a], -1)
    return x * a.cos() + torch.cat([-x[..., d // 2 :], x[..., : d // 2]], -1) * a.sin()


class Layer(nn.Module):
    def __init__(self, s):
        super().__init__()
        d, h, kv = s["d_model"], s["n_heads"], s["n_kv_heads"]
        self.h, self.kv, self.hd, self.theta = h, kv, d // h, s["rope_theta"]
        for name, out in (
            ("q_proj", h * self.hd),
            ("k_proj", kv * self.hd),
            ("v_proj", kv * self.hd),
        ):
            setattr(self, name, nn.Linear(d, out, bias=False))
        self.o_proj = nn.Linear(h * self.hd, d, bias=False)
        self.q_norm = Norm(h * self.hd, s["eps"])
        self.k_norm = Norm(kv * self.hd, s["eps"])
        for name, shape in (
            ("gate_proj", (d, s["mlp_hidden"])),
            ("up_proj", (d, s["mlp_hidden"])),
            ("down_proj", (s["mlp_hidden"], d)),
        ):
            setattr(self, name, nn.Linear(*shape, bias=False))
        self.post_attention_layernorm = Norm(d, s["eps"])
        self.post_feedforward_layernorm = Norm(d, s["eps"])

    def forward(self, x):
        B, T, _ = x.shape
        q = self.q_norm(self.q_proj(x)).view(B, T, self.h, self.hd).transpose(1, 2)
        k = self.k_norm(self.k_proj(x)).view(B, T, self.kv, self.hd).transpose(1, 2)
        v = self.v_proj(x).view(B, T, self.kv, self.hd).transpose(1, 2)
        q, k = rope(q, self.theta), rope(k, self.theta)
        o = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        x = x + self.post_attention_layernorm(self.o_proj(o.transpose(1, 2).reshape(B, T, -1)))
        m = self.down_proj(F.silu(self.gate_proj(x)) * self.up_proj(x))
        return x + self.post_feedforward_layernorm(m)


class Olmo2(nn.Module):
    def __init__(self, s=SETTINGS):
        super().__init__()
        self.n = s["n_layers"]
        self.embed_tokens = nn.Embedding(s["vocab"], s["d_model"])
        for i in range(self.n):
            setattr(self, f"layer{i}", Layer(s))
        self.norm = Norm(s["d_model"], s["eps"])

    def forward(self, ids):
        x = self.embed_tokens(ids)
        for i in range(self.n):
            x = getattr(self, f"layer{i}")(x)
        return self.norm(x)
