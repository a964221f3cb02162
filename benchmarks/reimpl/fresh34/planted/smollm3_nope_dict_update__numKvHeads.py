"""SmolLM3-style decoder: GQA, SwiGLU, and every fourth layer without rotary positions (NoPE).

Sizes start from the 3B card and are updated for the laptop-sized run below.
"""

import torch
import torch.nn as nn
import torch.nn.functional as F
from einops import rearrange, repeat

CARD_3B = dict(
    vocab=128256,
    hidden=2048,
    mlp=11008,
    layers=36,
    heads=16,
    kv_heads=4,
    rope_theta=5000000.0,
    eps=1e-6,
    tied=True,
    nope_every=4,
)
RUN = dict(CARD_3B)
RUN.update(
    vocab=512,
    hidden=64,
    mlp=128,
    layers=4,
    heads=4,
    kv_heads=2,
    rope_theta=50000.0,
)


class Norm(nn.Module):
    def __init__(self, n, eps):
        super().__init__()
        self.eps = eps
        self.gain = nn.Parameter(torch.ones(n))

    def forward(self, x):
        return self.gain * x * torch.rsqrt(x.square().mean(-1, keepdim=True) + self.eps)


def rope_cache(length, dim, theta, device):
    exponent = torch.arange(0, dim, 2, device=device).float() / dim
    phases = torch.einsum("t,f->tf", torch.arange(length, device=device).float(), theta**-exponent)
    phases = repeat(phases, "t f -> t (two f)", two=2)
    return phases.cos(), phases.sin()


def rotate(x, cos, sin):
    first, second = x.chunk(2, -1)
    return x * cos + torch.cat([-second, first], -1) * sin


class Attention(nn.Module):
    def __init__(self, layer_id):
        super().__init__()
        self.heads, self.groups = RUN["heads"], RUN["kv_heads"]
        self.dh = RUN["hidden"] // RUN["heads"]
        self.use_rope = (layer_id + 1) % RUN["nope_every"] != 0
        self.to_q = nn.Linear(RUN["hidden"], self.heads * self.dh, bias=False)
        self.to_k = nn.Linear(RUN["hidden"], self.groups * self.dh, bias=False)
        self.to_v = nn.Linear(RUN["hidden"], self.groups * self.dh, bias=False)
        self.to_out = nn.Linear(self.heads * self.dh, RUN["hidden"], bias=False)

    def forward(self, x, cos, sin):
        q = rearrange(self.to_q(x), "b n (h d) -> b h n d", d=self.dh)
        k = rearrange(self.to_k(x), "b n (g d) -> b g n d", d=self.dh)
        v = rearrange(self.to_v(x), "b n (g d) -> b g n d", d=self.dh)
        if self.use_rope:
            q, k = rotate(q, cos, sin), rotate(k, cos, sin)
        r = self.heads // self.groups
        k = repeat(k, "b g n d -> b (g r) n d", r=r)
        v = repeat(v, "b g n d -> b (g r) n d", r=r)
        o = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.to_out(rearrange(o, "b h n d -> b n (h d)"))


class SwiGLU(nn.Module):
    def __init__(self):
        super().__init__()
        self.gate = nn.Linear(RUN["hidden"], RUN["mlp"], bias=False)
        self.up = nn.Linear(RUN["hidden"], RUN["mlp"], bias=False)
        self.down = nn.Linear(RUN["mlp"], RUN["hidden"], bias=False)

    def forward(self, x):
        return self.down(F.silu(self.gate(x)) * self.up(x))


class Block(nn.Module):
    def __init__(self, layer_id):
        super().__init__()
        self.pre_attn = Norm(RUN["hidden"], RUN["eps"])
        self.attn = Attention(layer_id)
        self.pre_mlp = Norm(RUN["hidden"], RUN["eps"])
        self.mlp = SwiGLU()

    def forward(self, x, cos, sin):
        x = x + self.attn(self.pre_attn(x), cos, sin)
        return x + self.mlp(self.pre_mlp(x))


class SmolLM3(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(RUN["vocab"], RUN["hidden"])
        self.blocks = nn.ModuleList(Block(i) for i in range(RUN["layers"]))
        self.final = Norm(RUN["hidden"], RUN["eps"])
        if not RUN["tied"]:
            self.lm_head = nn.Linear(RUN["hidden"], RUN["vocab"], bias=False)

    def forward(self, ids):
        x = self.embed(ids)
        cos, sin = rope_cache(
            ids.shape[1], RUN["hidden"] // RUN["heads"], RUN["rope_theta"], ids.device
        )
        for blk in self.blocks:
            x = blk(x, cos, sin)
        x = self.final(x)
        if RUN["tied"]:
            return F.linear(x, self.embed.weight)
        return self.lm_head(x)
