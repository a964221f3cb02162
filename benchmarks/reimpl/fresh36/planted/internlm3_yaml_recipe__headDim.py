"""InternLM3 dense decoder, ported for a small fine-tuning sweep.

The run recipe is kept as YAML (as the training launcher stores it) and parsed at import.
"""

import math

import torch
import torch.nn as nn
import torch.nn.functional as F
import yaml

RECIPE = yaml.safe_load(
    """
run: internlm3-tiny-sft
network:
  vocab: 704
  dim: 64
  ffn_dim: 176
  depth: 2
  n_q: 4
  n_kv: 2
  d_head: 32
  rope_base: 50000000.0
  rms_eps: 1.0e-5
optimizer:
  lr: 3.0e-4
  warmup: 200
"""
)
NET = RECIPE["network"]


class ScaleNorm(nn.Module):
    def __init__(self, n: int, eps: float):
        super().__init__()
        self.g = nn.Parameter(torch.ones(n))
        self.eps = eps

    def forward(self, t):
        ms = t.float().pow(2).mean(-1, keepdim=True)
        return self.g * (t.float() * torch.rsqrt(ms + self.eps)).type_as(t)


def rope_tables(seq: int, d_head: int, base: float, device):
    inv = base ** (-torch.arange(0, d_head, 2, device=device).float() / d_head)
    ang = torch.outer(torch.arange(seq, device=device).float(), inv)
    ang = torch.cat([ang, ang], -1)
    return ang.cos(), ang.sin()


def spin(t, cos, sin):
    lo, hi = t.chunk(2, dim=-1)
    return t * cos + torch.cat([-hi, lo], -1) * sin


class GroupedAttention(nn.Module):
    def __init__(self):
        super().__init__()
        self.nq, self.nkv, self.dh = NET["n_q"], NET["n_kv"], NET["d_head"]
        self.wq = nn.Linear(NET["dim"], self.nq * self.dh, bias=False)
        self.wk = nn.Linear(NET["dim"], self.nkv * self.dh, bias=False)
        self.wv = nn.Linear(NET["dim"], self.nkv * self.dh, bias=False)
        self.wo = nn.Linear(self.nq * self.dh, NET["dim"], bias=False)

    def forward(self, x, cos, sin):
        b, n, _ = x.shape
        g = self.nq // self.nkv
        q = self.wq(x).view(b, n, self.nkv, g, self.dh)
        k = self.wk(x).view(b, n, self.nkv, self.dh)
        v = self.wv(x).view(b, n, self.nkv, self.dh)
        q = spin(q, cos[:, None, None, :], sin[:, None, None, :])
        k = spin(k, cos[:, None, :], sin[:, None, :])
        logits = torch.einsum("bqcgd,bkcd->bcgqk", q, k) / math.sqrt(self.dh)
        future = torch.ones(n, n, dtype=torch.bool, device=x.device).triu(1)
        probs = logits.masked_fill(future, float("-inf")).softmax(-1)
        ctx = torch.einsum("bcgqk,bkcd->bqcgd", probs, v)
        return self.wo(ctx.reshape(b, n, -1))


class SiluGate(nn.Module):
    def __init__(self):
        super().__init__()
        self.w1 = nn.Linear(NET["dim"], NET["ffn_dim"], bias=False)
        self.w3 = nn.Linear(NET["dim"], NET["ffn_dim"], bias=False)
        self.w2 = nn.Linear(NET["ffn_dim"], NET["dim"], bias=False)

    def forward(self, x):
        return self.w2(F.silu(self.w1(x)) * self.w3(x))


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.attn_in = ScaleNorm(NET["dim"], NET["rms_eps"])
        self.attn = GroupedAttention()
        self.ffn_in = ScaleNorm(NET["dim"], NET["rms_eps"])
        self.ffn = SiluGate()

    def forward(self, x, cos, sin):
        x = x + self.attn(self.attn_in(x), cos, sin)
        return x + self.ffn(self.ffn_in(x))


class InternLM3Tiny(nn.Module):
    def __init__(self):
        super().__init__()
        self.tok = nn.Embedding(NET["vocab"], NET["dim"])
        self.blocks = nn.ModuleList(Block() for _ in range(NET["depth"]))
        self.norm_out = ScaleNorm(NET["dim"], NET["rms_eps"])
        self.proj_vocab = nn.Linear(NET["dim"], NET["vocab"], bias=False)

    def forward(self, ids):
        cos, sin = rope_tables(ids.shape[1], NET["d_head"], NET["rope_base"], ids.device)
        h = self.tok(ids)
        for blk in self.blocks:
            h = blk(h, cos, sin)
        return self.proj_vocab(self.norm_out(h))
