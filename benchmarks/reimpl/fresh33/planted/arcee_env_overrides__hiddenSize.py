"""AFM (Arcee) decoder, our port: a Llama-style stack whose MLP has no gate, a squared ReLU
between up and down; GQA with one fused qkv matrix. Sizes come from the job's environment,
with the small run's values as defaults."""

import os

import torch
import torch.nn.functional as F
from torch import nn

VOCAB = int(os.environ.get("AFM_VOCAB", "640"))
DIM = int(os.environ.get("AFM_DIM", "128"))
MLP = int(os.environ.get("AFM_MLP", "224"))
DEPTH = int(os.environ.get("AFM_DEPTH", "2"))
Q_HEADS = int(os.environ.get("AFM_Q_HEADS", "4"))
KV_HEADS = int(os.environ.get("AFM_KV_HEADS", "2"))
HEAD = int(os.environ.get("AFM_HEAD", "16"))
BASE = float(os.environ.get("AFM_ROPE_BASE", "10000.0"))
EPS = float(os.environ.get("AFM_RMS_EPS", "1e-5"))


class RMSNorm(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.scale = nn.Parameter(torch.ones(n))

    def forward(self, x):
        return self.scale * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + EPS)


def rope(x, cos, sin):
    a, b = x.chunk(2, dim=-1)
    return x * cos + torch.cat([-b, a], dim=-1) * sin


class GQA(nn.Module):
    def __init__(self):
        super().__init__()
        self.wqkv = nn.Linear(DIM, (Q_HEADS + 2 * KV_HEADS) * HEAD, bias=False)
        self.wo = nn.Linear(Q_HEADS * HEAD, DIM, bias=False)

    def forward(self, x, cos, sin):
        b, t, _ = x.shape
        q, k, v = self.wqkv(x).split([Q_HEADS * HEAD, KV_HEADS * HEAD, KV_HEADS * HEAD], -1)
        q = q.view(b, t, Q_HEADS, HEAD).transpose(1, 2)
        k = k.view(b, t, KV_HEADS, HEAD).transpose(1, 2)
        v = v.view(b, t, KV_HEADS, HEAD).transpose(1, 2)
        q, k = rope(q, cos, sin), rope(k, cos, sin)
        out = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        return self.wo(out.transpose(1, 2).reshape(b, t, -1))


class DecoderBlock(nn.Module):
    def __init__(self):
        super().__init__()
        self.pre_attn = RMSNorm(DIM)
        self.attn = GQA()
        self.pre_mlp = RMSNorm(DIM)
        self.up = nn.Linear(DIM, MLP, bias=False)
        self.down = nn.Linear(MLP, DIM, bias=False)

    def forward(self, x, cos, sin):
        x = x + self.attn(self.pre_attn(x), cos, sin)
        return x + self.down(F.relu(self.up(self.pre_mlp(x))).square())


class AFM(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(VOCAB, DIM)
        self.blocks = nn.ModuleList([DecoderBlock() for _ in range(DEPTH)])
        self.norm = RMSNorm(DIM)
        self.unembed = nn.Linear(DIM, VOCAB, bias=False)
        inv = BASE ** -(torch.arange(0, HEAD, 2, dtype=torch.float32) / HEAD)
        self.register_buffer("inv_freq", inv, persistent=False)

    def forward(self, ids):
        ang = torch.outer(torch.arange(ids.shape[1], dtype=torch.float32), self.inv_freq)
        ang = torch.cat([ang, ang], -1)
        cos, sin = ang.cos(), ang.sin()
        x = self.embed(ids)
        for blk in self.blocks:
            x = blk(x, cos, sin)
        return self.unembed(self.norm(x))
