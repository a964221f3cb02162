"""A tiny Mixtral in the plain single-file style that copies Hugging Face's configuration class
into the model file: ``MixtralConfig.__init__`` with Mixtral-8x7B's defaults as keyword
defaults, unknown keywords kept as attributes, one instance with the tiny run's keywords; the
layers read a size dict built from its attributes. Four SwiGLU experts, two routed per token
(softmax, top-k, renormalised), grouped key/value heads, rotary positions, RMSNorm, untied
output."""

from __future__ import annotations

import torch
import torch.nn.functional as F
from torch import nn


class MixtralConfig:
    model_type = "mixtral"

    def __init__(
        self,
        vocab_size=32000,
        hidden_size=4096,
        intermediate_size=14336,
        num_hidden_layers=32,
        num_attention_heads=32,
        num_key_value_heads=8,
        num_local_experts=8,
        num_experts_per_tok=2,
        rms_norm_eps=1e-5,
        rope_theta=1e6,
        **kwargs,
    ) -> None:
        self.vocab_size = vocab_size
        self.hidden_size = hidden_size
        self.intermediate_size = intermediate_size
        self.num_hidden_layers = num_hidden_layers
        self.num_attention_heads = num_attention_heads
        self.num_key_value_heads = num_key_value_heads
        self.num_local_experts = num_local_experts
        self.num_experts_per_tok = num_experts_per_tok
        self.rms_norm_eps = rms_norm_eps
        self.rope_theta = rope_theta
        for key, value in kwargs.items():
            setattr(self, key, value)


config = MixtralConfig(
    vocab_size=96,
    hidden_size=64,
    intermediate_size=96,
    num_hidden_layers=2,
    num_attention_heads=8,
    num_key_value_heads=2,
    num_local_experts=4,
    num_experts_per_tok=2,
    rms_norm_eps=1e-05,
    rope_theta=1000000.0,
    router_aux_loss_coef=0.02,
)
P = {
    "vocab_size": config.vocab_size,
    "dim": config.hidden_size,
    "n_layers": config.num_hidden_layers,
    "n_heads": config.num_attention_heads,
    "n_kv_heads": config.num_key_value_heads,
    "hidden_dim": config.intermediate_size,
    "n_experts": config.num_local_experts,
    "top_k": config.num_experts_per_tok,
    "norm_eps": config.rms_norm_eps,
    "rope_theta": config.rope_theta,
}


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
