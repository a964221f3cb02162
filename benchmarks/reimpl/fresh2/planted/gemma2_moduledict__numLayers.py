"""Gemma 2: every layer an nn.ModuleDict keyed "layer_0", "layer_1", ... inside an outer
ModuleDict, sandwich norms (four per layer, (1 + w) RMSNorm), local sliding-window attention on
even layers and global on odd ones, logit soft-capping, the head tied by F.linear."""

import math

import torch
import torch.nn as nn
import torch.nn.functional as F

VOCAB = 512
D = 64
LAYERS = 4
Q_HEADS = 4
KV_HEADS = 2
HEAD_DIM = 24
FF = 128
EPS = 1e-6
WINDOW = 32
ATTN_CAP = 50.0
FINAL_CAP = 30.0
THETA = 10000.0
CTX = 256


class OnePlusNorm(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.weight = nn.Parameter(torch.zeros(d))

    def forward(self, x):
        y = x.float() * torch.rsqrt(x.float().pow(2).mean(-1, keepdim=True) + EPS)
        return (y * (1.0 + self.weight.float())).type_as(x)


def layer_dict():
    return nn.ModuleDict(
        {
            "norm_attn_in": OnePlusNorm(D),
            "q": nn.Linear(D, Q_HEADS * HEAD_DIM, bias=False),
            "k": nn.Linear(D, KV_HEADS * HEAD_DIM, bias=False),
            "v": nn.Linear(D, KV_HEADS * HEAD_DIM, bias=False),
            "o": nn.Linear(Q_HEADS * HEAD_DIM, D, bias=False),
            "norm_attn_out": OnePlusNorm(D),
            "norm_ff_in": OnePlusNorm(D),
            "gate": nn.Linear(D, FF, bias=False),
            "up": nn.Linear(D, FF, bias=False),
            "down": nn.Linear(FF, D, bias=False),
            "norm_ff_out": OnePlusNorm(D),
        }
    )


def rope(x, cos, sin):
    h = x.shape[-1] // 2
    return x * cos + torch.cat([-x[..., h:], x[..., :h]], -1) * sin


def attention(L, x, cos, sin, local):
    b, t, _ = x.shape
    q = L["q"](x).view(b, t, Q_HEADS, HEAD_DIM).transpose(1, 2)
    k = L["k"](x).view(b, t, KV_HEADS, HEAD_DIM).transpose(1, 2)
    v = L["v"](x).view(b, t, KV_HEADS, HEAD_DIM).transpose(1, 2)
    q, k = rope(q, cos[:t], sin[:t]), rope(k, cos[:t], sin[:t])
    k = k.repeat_interleave(Q_HEADS // KV_HEADS, 1)
    v = v.repeat_interleave(Q_HEADS // KV_HEADS, 1)
    s = (q @ k.transpose(-1, -2)) / math.sqrt(HEAD_DIM)
    s = ATTN_CAP * torch.tanh(s / ATTN_CAP)
    i = torch.arange(t)
    keep = i[None] <= i[:, None]
    if local:
        keep = keep & (i[:, None] - i[None] < WINDOW)
    s = s.masked_fill(~keep, float("-inf"))
    y = (s.softmax(-1) @ v).transpose(1, 2).reshape(b, t, -1)
    return L["o"](y)


class Gemma2(nn.Module):
    def __init__(self):
        super().__init__()
        self.tok = nn.Embedding(VOCAB, D, padding_idx=0)
        self.stack = nn.ModuleDict({f"layer_{i}": layer_dict() for i in range(LAYERS)})
        self.out_norm = OnePlusNorm(D)
        inv = 1.0 / THETA ** (torch.arange(0, HEAD_DIM, 2).float() / HEAD_DIM)
        f = torch.outer(torch.arange(CTX).float(), inv)
        f = torch.cat([f, f], -1)
        self.register_buffer("cos", f.cos(), persistent=False)
        self.register_buffer("sin", f.sin(), persistent=False)

    def forward(self, ids):
        x = self.tok(ids) * math.sqrt(D)
        for i, L in enumerate(self.stack.values()):
            a = attention(L, L["norm_attn_in"](x), self.cos, self.sin, local=i % 2 == 0)
            x = x + L["norm_attn_out"](a)
            h = L["norm_ff_in"](x)
            m = L["down"](F.gelu(L["gate"](h), approximate="tanh") * L["up"](h))
            x = x + L["norm_ff_out"](m)
        logits = F.linear(self.out_norm(x), self.tok.weight)
        return FINAL_CAP * torch.tanh(logits / FINAL_CAP)
