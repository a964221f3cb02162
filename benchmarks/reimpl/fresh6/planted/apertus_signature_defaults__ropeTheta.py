"""Apertus, from the Swiss AI report: a Llama-like decoder whose MLP has no gate and uses the
xIELU activation (two learned scalars per layer, trainable through softplus), with per-head
q/k RMSNorm. The sizes are the keyword defaults of ``hparams()``, read back with
``inspect.signature`` so that a sweep script can override them by name."""

import inspect
import math

import torch
import torch.nn.functional as F
from torch import nn


def hparams(
    vocab_size=576,
    d_model=64,
    d_ff=256,
    n_layers=3,
    n_heads=8,
    n_kv_heads=2,
    rope_base=500000.0,
    norm_eps=1e-5,
):
    """Documentation only: the defaults are the model's sizes."""


HP = {name: p.default for name, p in inspect.signature(hparams).parameters.items()}
HEAD = HP["d_model"] // HP["n_heads"]


class RMSNorm(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(n))

    def forward(self, x):
        return self.weight * (x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + HP["norm_eps"]))


class XIELU(nn.Module):
    """x > 0: a_p x^2 + b x; else a_n (expm1(min(x, eps)) - x) + b x (b = 0.5)."""

    def __init__(self, alpha_p=0.8, alpha_n=0.8, beta=0.5):
        super().__init__()
        inv_softplus = lambda y: math.log(math.expm1(y))  # noqa: E731
        self.alpha_p = nn.Parameter(torch.tensor([inv_softplus(alpha_p)]))
        self.alpha_n = nn.Parameter(torch.tensor([inv_softplus(alpha_n - beta)]))
        self.beta = beta

    def forward(self, x):
        ap = F.softplus(self.alpha_p)
        an = self.beta + F.softplus(self.alpha_n)
        neg = (torch.expm1(torch.clamp(x, max=-1e-6)) - x) * an + self.beta * x
        return torch.where(x > 0, ap * x * x + self.beta * x, neg)


class Attention(nn.Module):
    def __init__(self):
        super().__init__()
        d, h, kv = HP["d_model"], HP["n_heads"], HP["n_kv_heads"]
        self.q_proj = nn.Linear(d, h * HEAD, bias=False)
        self.k_proj = nn.Linear(d, kv * HEAD, bias=False)
        self.v_proj = nn.Linear(d, kv * HEAD, bias=False)
        self.o_proj = nn.Linear(h * HEAD, d, bias=False)
        self.q_norm = RMSNorm(HEAD)
        self.k_norm = RMSNorm(HEAD)

    def forward(self, x, cos, sin):
        b, t, _ = x.shape
        q = self.q_norm(self.q_proj(x).view(b, t, -1, HEAD)).transpose(1, 2)
        k = self.k_norm(self.k_proj(x).view(b, t, -1, HEAD)).transpose(1, 2)
        v = self.v_proj(x).view(b, t, -1, HEAD).transpose(1, 2)

        def rot(z):
            z1, z2 = z[..., : HEAD // 2], z[..., HEAD // 2 :]
            return z * cos + torch.cat((-z2, z1), -1) * sin

        q, k = rot(q), rot(k)
        out = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        return self.o_proj(out.transpose(1, 2).reshape(b, t, -1))


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        self.attention_layernorm = RMSNorm(HP["d_model"])
        self.self_attn = Attention()
        self.feedforward_layernorm = RMSNorm(HP["d_model"])
        self.up_proj = nn.Linear(HP["d_model"], HP["d_ff"], bias=False)
        self.act = XIELU()
        self.down_proj = nn.Linear(HP["d_ff"], HP["d_model"], bias=False)

    def forward(self, x, cos, sin):
        x = x + self.self_attn(self.attention_layernorm(x), cos, sin)
        return x + self.down_proj(self.act(self.up_proj(self.feedforward_layernorm(x))))


class Apertus(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed_tokens = nn.Embedding(HP["vocab_size"], HP["d_model"])
        self.layers = nn.ModuleList(Layer() for _ in range(HP["n_layers"]))
        self.norm = RMSNorm(HP["d_model"])
        self.lm_head = nn.Linear(HP["d_model"], HP["vocab_size"], bias=False)

    def forward(self, ids):
        t = ids.shape[1]
        inv = 1.0 / HP["rope_base"] ** (torch.arange(0, HEAD, 2, device=ids.device).float() / HEAD)
        ang = torch.arange(t, device=ids.device).float()[:, None] * inv[None]
        cos, sin = ang.cos().repeat(1, 2), ang.sin().repeat(1, 2)
        x = self.embed_tokens(ids)
        for layer in self.layers:
            x = layer(x, cos, sin)
        return self.lm_head(self.norm(x))
