"""Qwen3 ported from a Flax checkpoint: kernels kept in Flax layout ([in, heads, head_dim],
[heads, head_dim, out]) and every projection an einsum; Flax names (Embed_0, DenseGeneral)."""

import torch
import torch.nn as nn
import torch.nn.functional as F

EMBED, HEADS, KV_HEADS, HEAD_DIM, MLP_DIM, VOCAB, NUM_LAYERS = 64, 4, 2, 16, 128, 320, 2
ROPE_MAX_WAVELENGTH = 1_000_000.0
EPS = 1e-6


class RMSNorm(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.scale = nn.Parameter(torch.ones(n))

    def forward(self, x):
        return self.scale * (x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + EPS))


def apply_rope(x, pos):
    frac = torch.arange(0, HEAD_DIM, 2).float() / HEAD_DIM
    ang = pos[:, None] / ROPE_MAX_WAVELENGTH**frac
    ang = torch.cat([ang, ang], -1)[None, :, None, :]
    a, b = x[..., : HEAD_DIM // 2], x[..., HEAD_DIM // 2 :]
    return x * ang.cos() + torch.cat([-b, a], -1) * ang.sin()


class Attention(nn.Module):
    def __init__(self):
        super().__init__()
        self.q_kernel = nn.Parameter(torch.randn(EMBED, HEADS, HEAD_DIM) * 0.02)
        self.k_kernel = nn.Parameter(torch.randn(EMBED, KV_HEADS, HEAD_DIM) * 0.02)
        self.v_kernel = nn.Parameter(torch.randn(EMBED, KV_HEADS, HEAD_DIM) * 0.02)
        self.o_kernel = nn.Parameter(torch.randn(HEADS, HEAD_DIM, EMBED) * 0.02)
        self.q_norm = RMSNorm(HEAD_DIM)
        self.k_norm = RMSNorm(HEAD_DIM)

    def forward(self, x, pos):
        q = self.q_norm(torch.einsum("btd,dhk->bthk", x, self.q_kernel))
        k = self.k_norm(torch.einsum("btd,dhk->bthk", x, self.k_kernel))
        v = torch.einsum("btd,dhk->bthk", x, self.v_kernel)
        q, k = apply_rope(q, pos), apply_rope(k, pos)
        k = k.repeat_interleave(HEADS // KV_HEADS, 2)
        v = v.repeat_interleave(HEADS // KV_HEADS, 2)
        logits = torch.einsum("bqhk,bshk->bhqs", q, k) * HEAD_DIM**-0.5
        T = x.shape[1]
        logits = logits.masked_fill(torch.ones(T, T, dtype=torch.bool).triu(1), float("-inf"))
        probs = logits.softmax(-1)
        out = torch.einsum("bhqs,bshk->bqhk", probs, v)
        return torch.einsum("bthk,hkd->btd", out, self.o_kernel)


class Mlp(nn.Module):
    def __init__(self):
        super().__init__()
        self.gating_kernel = nn.Parameter(torch.randn(EMBED, MLP_DIM) * 0.02)
        self.linear_kernel = nn.Parameter(torch.randn(EMBED, MLP_DIM) * 0.02)
        self.out_kernel = nn.Parameter(torch.randn(MLP_DIM, EMBED) * 0.02)

    def forward(self, x):
        h = F.silu(torch.einsum("btd,df->btf", x, self.gating_kernel))
        h = h * torch.einsum("btd,df->btf", x, self.linear_kernel)
        return torch.einsum("btf,fd->btd", h, self.out_kernel)


class DecoderBlock(nn.Module):
    def __init__(self):
        super().__init__()
        self.pre_attention_norm = RMSNorm(EMBED)
        self.attn = Attention()
        self.pre_ffw_norm = RMSNorm(EMBED)
        self.mlp = Mlp()

    def forward(self, x, pos):
        x = x + self.attn(self.pre_attention_norm(x), pos)
        return x + self.mlp(self.pre_ffw_norm(x))


class Transformer(nn.Module):
    def __init__(self):
        super().__init__()
        self.Embed_0 = nn.Embedding(VOCAB, EMBED)
        for i in range(NUM_LAYERS):
            self.add_module(f"layer_{i}", DecoderBlock())
        self.final_norm = RMSNorm(EMBED)
        self.logits_kernel = nn.Parameter(torch.randn(EMBED, VOCAB) * 0.02)

    def forward(self, tokens):
        pos = torch.arange(tokens.shape[1]).float()
        x = self.Embed_0(tokens)
        for i in range(NUM_LAYERS):
            x = getattr(self, f"layer_{i}")(x, pos)
        return torch.einsum("btd,dv->btv", self.final_norm(x), self.logits_kernel)
