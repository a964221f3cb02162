"""Switch Transformer (T5 v1.0 layout with top-1 routed experts): T5 RMS LayerNorms without bias
or mean, relative position buckets in the first block of each stack, every second feed-forward
a router (a bias-free classifier) over expert MLPs (ReLU), a shared token embedding. The config
is a dataclass unpacked positionally with ``dataclasses.astuple`` into local names."""

import math
from dataclasses import astuple, dataclass

import torch
import torch.nn.functional as F
from torch import nn


@dataclass
class SwitchConfig:
    vocab: int = 576
    d_model: int = 64
    d_kv: int = 16
    d_ff: int = 192
    enc_layers: int = 2
    dec_layers: int = 2
    heads: int = 4
    experts: int = 4
    sparse_step: int = 2
    buckets: int = 32
    max_distance: int = 128
    eps: float = 1e-6


V, D, DKV, FF, ENC_L, DEC_L, H, E, STEP, BUCKETS, MAX_DIST, EPS = astuple(SwitchConfig())


class T5Norm(nn.Module):
    def __init__(self):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(D))

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + EPS)


def bucket(rel, bidirectional):
    n, out = BUCKETS, 0
    if bidirectional:
        n //= 2
        out = (rel > 0).long() * n
        rel = rel.abs()
    else:
        rel = -torch.clamp(rel, max=0)
    exact = n // 2
    large = (
        exact
        + (
            torch.log(rel.float().clamp(min=1) / exact) / math.log(MAX_DIST / exact) * (n - exact)
        ).long()
    )
    return out + torch.where(rel < exact, rel, large.clamp(max=n - 1))


class Attention(nn.Module):
    def __init__(self, has_bias, causal):
        super().__init__()
        self.causal = causal
        self.q = nn.Linear(D, H * DKV, bias=False)
        self.k = nn.Linear(D, H * DKV, bias=False)
        self.v = nn.Linear(D, H * DKV, bias=False)
        self.o = nn.Linear(H * DKV, D, bias=False)
        if has_bias:
            self.relative_attention_bias = nn.Embedding(BUCKETS, H)

    def position_bias(self, tq, tk):
        rel = torch.arange(tk)[None, :] - torch.arange(tq)[:, None]
        return self.relative_attention_bias(bucket(rel, not self.causal)).permute(2, 0, 1)[None]

    def forward(self, x, mem=None, bias=None):
        mem = x if mem is None else mem
        b, t, _ = x.shape
        q = self.q(x).view(b, t, H, DKV).transpose(1, 2)
        k = self.k(mem).view(b, -1, H, DKV).transpose(1, 2)
        v = self.v(mem).view(b, -1, H, DKV).transpose(1, 2)
        s = q @ k.transpose(-1, -2)
        if bias is not None:
            s = s + bias
        if self.causal:
            s = s.masked_fill(torch.ones(t, t, dtype=torch.bool).triu(1), float("-inf"))
        return self.o((s.softmax(-1) @ v).transpose(1, 2).reshape(b, t, -1))


class DenseFF(nn.Module):
    def __init__(self):
        super().__init__()
        self.wi = nn.Linear(D, FF, bias=False)
        self.wo = nn.Linear(FF, D, bias=False)

    def forward(self, x):
        return self.wo(F.relu(self.wi(x)))


class SwitchFF(nn.Module):
    def __init__(self):
        super().__init__()
        self.router = nn.Linear(D, E, bias=False)
        self.experts = nn.ModuleDict({f"expert_{i}": DenseFF() for i in range(E)})

    def forward(self, x):
        probs = self.router(x).softmax(-1)
        p, idx = probs.max(-1)
        out = torch.zeros_like(x)
        for i, expert in enumerate(self.experts.values()):
            sel = idx == i
            if sel.any():
                out[sel] = expert(x[sel])
        return out * p[..., None]


class Block(nn.Module):
    def __init__(self, i, decoder):
        super().__init__()
        self.self_attn = Attention(has_bias=i == 0, causal=decoder)
        self.self_norm = T5Norm()
        if decoder:
            self.cross_attn = Attention(has_bias=False, causal=False)
            self.cross_norm = T5Norm()
        self.ff = SwitchFF() if i % STEP == 1 else DenseFF()
        self.ff_norm = T5Norm()

    def forward(self, x, bias, mem=None):
        x = x + self.self_attn(self.self_norm(x), bias=bias)
        if mem is not None:
            x = x + self.cross_attn(self.cross_norm(x), mem)
        return x + self.ff(self.ff_norm(x))


class SwitchTransformer(nn.Module):
    def __init__(self):
        super().__init__()
        self.shared = nn.Embedding(V, D)
        self.encoder = nn.ModuleList(Block(i, False) for i in range(ENC_L))
        self.encoder_norm = T5Norm()
        self.decoder = nn.ModuleList(Block(i, True) for i in range(DEC_L))
        self.decoder_norm = T5Norm()

    def forward(self, src, tgt):
        x = self.shared(src)
        bias = self.encoder[0].self_attn.position_bias(src.shape[1], src.shape[1])
        for blk in self.encoder:
            x = blk(x, bias)
        mem = self.encoder_norm(x)
        y = self.shared(tgt)
        bias = self.decoder[0].self_attn.position_bias(tgt.shape[1], tgt.shape[1])
        for blk in self.decoder:
            y = blk(y, bias, mem)
        return self.decoder_norm(y)
