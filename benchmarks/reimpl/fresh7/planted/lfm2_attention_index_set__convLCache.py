"""LFM2 (Liquid): a hybrid stack where most layers are gated short convolutions (in-projection to
B, C and x, a causal depthwise conv over B*x, C gating, out-projection) and the layers listed
in a set of indices are GQA attention with per-head q/k RMSNorm; every layer has a SwiGLU whose
width is auto-adjusted as Llama does (two thirds, then rounded up to a multiple of 32); an
RMSNorm after the embeddings is the final norm; the head is tied."""

import math

import torch
import torch.nn.functional as F
from torch import nn

VOCAB = 752
D = 64
N_LAYERS = 4
FULL_ATTN_IDXS = {1, 3}
HEADS, KV_HEADS = 4, 2
CONV_L_CACHE = 4
BASE_FF = 256
MULTIPLE_OF = 32
EPS = 1e-5
THETA = 1000000.0


def ff_dim():
    hidden = int(2 * BASE_FF / 3)
    return MULTIPLE_OF * math.ceil(hidden / MULTIPLE_OF)


class ShortConv(nn.Module):
    def __init__(self):
        super().__init__()
        self.in_proj = nn.Linear(D, 3 * D, bias=False)
        self.conv = nn.Conv1d(D, D, CONV_L_CACHE, groups=D, padding=CONV_L_CACHE - 1, bias=False)
        self.out_proj = nn.Linear(D, D, bias=False)

    def forward(self, x):
        t = x.shape[1]
        B, C, h = self.in_proj(x).transpose(1, 2).chunk(3, dim=1)
        y = self.conv(B * h)[..., :t]
        return self.out_proj((C * y).transpose(1, 2))


class GQA(nn.Module):
    def __init__(self):
        super().__init__()
        hd = D // HEADS
        self.q_proj = nn.Linear(D, HEADS * hd, bias=False)
        self.k_proj = nn.Linear(D, KV_HEADS * hd, bias=False)
        self.v_proj = nn.Linear(D, KV_HEADS * hd, bias=False)
        self.out_proj = nn.Linear(HEADS * hd, D, bias=False)
        self.q_layernorm = nn.RMSNorm(hd, eps=EPS)
        self.k_layernorm = nn.RMSNorm(hd, eps=EPS)

    def forward(self, x):
        b, t, _ = x.shape
        hd = D // HEADS
        q = self.q_layernorm(self.q_proj(x).view(b, t, -1, hd)).transpose(1, 2)
        k = self.k_layernorm(self.k_proj(x).view(b, t, -1, hd)).transpose(1, 2)
        v = self.v_proj(x).view(b, t, -1, hd).transpose(1, 2)
        inv = 1.0 / THETA ** (torch.arange(0, hd, 2).float() / hd)
        ang = torch.arange(t).float()[:, None] * inv
        cos, sin = torch.cat((ang, ang), -1).cos(), torch.cat((ang, ang), -1).sin()
        q = q * cos + torch.cat((-q[..., hd // 2 :], q[..., : hd // 2]), -1) * sin
        k = k * cos + torch.cat((-k[..., hd // 2 :], k[..., : hd // 2]), -1) * sin
        o = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        return self.out_proj(o.transpose(1, 2).reshape(b, t, -1))


class HybridLayer(nn.Module):
    def __init__(self, idx):
        super().__init__()
        self.is_attention = idx in FULL_ATTN_IDXS
        self.operator = GQA() if self.is_attention else ShortConv()
        self.operator_norm = nn.RMSNorm(D, eps=EPS)
        self.ffn_norm = nn.RMSNorm(D, eps=EPS)
        self.w1 = nn.Linear(D, ff_dim(), bias=False)
        self.w3 = nn.Linear(D, ff_dim(), bias=False)
        self.w2 = nn.Linear(ff_dim(), D, bias=False)

    def forward(self, x):
        x = x + self.operator(self.operator_norm(x))
        h = self.ffn_norm(x)
        return x + self.w2(F.silu(self.w1(h)) * self.w3(h))


class LFM2(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed_tokens = nn.Embedding(VOCAB, D)
        self.layers = nn.ModuleList(HybridLayer(i) for i in range(N_LAYERS))
        self.embedding_norm = nn.RMSNorm(D, eps=EPS)

    def forward(self, ids):
        x = self.embed_tokens(ids)
        for layer in self.layers:
            x = layer(x)
        return self.embedding_norm(x) @ self.embed_tokens.weight.T
