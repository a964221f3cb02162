"""OLMoE picked from a registry of named sizes: nested config dataclasses (attention / MoE
sub-configs; the defaults are OLMoE-1B-7B's), functions registered under a size name with a
``@register("...")`` decorator, and the run's ``MODEL_NAME`` looked up in the registry."""

from dataclasses import dataclass, field

import torch
import torch.nn.functional as F
from torch import nn


@dataclass
class AttnConfig:
    n_heads: int = 16
    n_kv_heads: int = 16
    rope_theta: float = 10000.0


@dataclass
class MoEConfig:
    num_experts: int = 64
    top_k: int = 8
    expert_hidden: int = 1024


@dataclass
class OLMoEConfig:
    vocab_size: int = 50304
    d_model: int = 2048
    n_layers: int = 16
    attn: AttnConfig = field(default_factory=AttnConfig)
    moe: MoEConfig = field(default_factory=MoEConfig)


MODEL_SIZES = {}


def register(name):
    def deco(fn):
        MODEL_SIZES[name] = fn
        return fn

    return deco


@register("olmoe-1b-7b")
def olmoe_1b_7b():
    return OLMoEConfig()


@register("olmoe-tiny")
def olmoe_tiny():
    return OLMoEConfig(
        vocab_size=256,
        d_model=64,
        n_layers=2,
        attn=AttnConfig(
            n_heads=4,
            n_kv_heads=2,
            rope_theta=10000.0,
        ),
        moe=MoEConfig(
            num_experts=4,
            top_k=1,
            expert_hidden=128,
        ),
    )


MODEL_NAME = "olmoe-tiny"
CONFIG = MODEL_SIZES[MODEL_NAME]()


class RMSNorm(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(n))

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-5)


class OLMoEBlock(nn.Module):
    def __init__(self, c: OLMoEConfig):
        super().__init__()
        self.c = c
        hd = c.d_model // c.attn.n_heads
        self.att_proj_q = nn.Linear(c.d_model, c.attn.n_heads * hd, bias=False)
        self.att_proj_k = nn.Linear(c.d_model, c.attn.n_kv_heads * hd, bias=False)
        self.att_proj_v = nn.Linear(c.d_model, c.attn.n_kv_heads * hd, bias=False)
        self.attn_out = nn.Linear(c.attn.n_heads * hd, c.d_model, bias=False)
        self.q_norm = RMSNorm(c.attn.n_heads * hd)
        self.k_norm = RMSNorm(c.attn.n_kv_heads * hd)
        self.attn_norm = RMSNorm(c.d_model)
        self.ff_norm = RMSNorm(c.d_model)
        self.router = nn.Linear(c.d_model, c.moe.num_experts, bias=False)
        m = c.moe
        self.w_gate_up = nn.Parameter(torch.randn(m.num_experts, 2 * m.expert_hidden, c.d_model))
        self.w_down = nn.Parameter(torch.randn(m.num_experts, c.d_model, m.expert_hidden))

    def forward(self, x, cos, sin):
        c = self.c
        b, t, _ = x.shape
        hd = c.d_model // c.attn.n_heads
        h = self.attn_norm(x)
        q = self.q_norm(self.att_proj_q(h)).view(b, t, -1, hd).transpose(1, 2)
        k = self.k_norm(self.att_proj_k(h)).view(b, t, -1, hd).transpose(1, 2)
        v = self.att_proj_v(h).view(b, t, -1, hd).transpose(1, 2)
        q = q * cos + torch.cat([-q[..., hd // 2 :], q[..., : hd // 2]], -1) * sin
        k = k * cos + torch.cat([-k[..., hd // 2 :], k[..., : hd // 2]], -1) * sin
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        x = x + self.attn_out(y.transpose(1, 2).reshape(b, t, -1))
        h = self.ff_norm(x)
        probs = self.router(h).softmax(-1)
        top, idx = probs.topk(c.moe.top_k, -1)
        dense = torch.zeros_like(probs).scatter(-1, idx, top)
        gu = torch.einsum("btd,efd->btef", h, self.w_gate_up)
        g, u = gu.chunk(2, -1)
        y = torch.einsum("btef,edf->bted", F.silu(g) * u, self.w_down)
        return x + torch.einsum("bte,bted->btd", dense, y)


class OLMoE(nn.Module):
    def __init__(self, c: OLMoEConfig | None = None):
        super().__init__()
        c = c or CONFIG
        self.c = c
        self.wte = nn.Embedding(c.vocab_size, c.d_model)
        self.blocks = nn.ModuleList(OLMoEBlock(c) for _ in range(c.n_layers))
        self.ln_f = RMSNorm(c.d_model)
        self.ff_out = nn.Linear(c.d_model, c.vocab_size, bias=False)

    def forward(self, ids):
        hd = self.c.d_model // self.c.attn.n_heads
        inv = 1.0 / self.c.attn.rope_theta ** (torch.arange(0, hd, 2).float() / hd)
        f = torch.arange(ids.shape[1]).float()[:, None] * inv
        f = torch.cat([f, f], -1)
        x = self.wte(ids)
        for blk in self.blocks:
            x = blk(x, f.cos(), f.sin())
        return self.ff_out(self.ln_f(x))
