"""A Mistral decoder with a sliding-window mask; sizes read from a run's overrides, each falling
back to the default in an ``except KeyError`` branch."""

import torch
import torch.nn as nn
import torch.nn.functional as F

OVERRIDES = {"vocab": 512, "layers": 2, "window": 32}

try:
    VOCAB = OVERRIDES["vocab"]
except KeyError:
    VOCAB = 32000
try:
    LAYERS = OVERRIDES["layers"]
except KeyError:
    LAYERS = 32
try:
    FFN = OVERRIDES["ffn"]
except KeyError:
    FFN = 224
try:
    KV_HEADS = OVERRIDES["kv_heads"]
except KeyError:
    KV_HEADS = 2
try:
    WINDOW = OVERRIDES["window"]
except KeyError:
    WINDOW = 4096
DIM, HEADS = 64, 4
HEAD_DIM = DIM // HEADS
EPS, THETA = 1e-5, 1e6


def rope(x):
    t = x.shape[-2]
    inv = THETA ** (-torch.arange(0, HEAD_DIM, 2).float() / HEAD_DIM)
    ang = torch.outer(torch.arange(t).float(), inv).repeat(1, 2)
    half = HEAD_DIM // 2
    return x * ang.cos() + torch.cat([-x[..., half:], x[..., :half]], -1) * ang.sin()


def window_mask(t):
    i = torch.arange(t)
    d = i[:, None] - i[None]
    return (d >= 0) & (d < WINDOW)


class Attention(nn.Module):
    def __init__(self):
        super().__init__()
        self.wq = nn.Linear(DIM, HEADS * HEAD_DIM, bias=False)
        self.wk = nn.Linear(DIM, KV_HEADS * HEAD_DIM, bias=False)
        self.wv = nn.Linear(DIM, KV_HEADS * HEAD_DIM, bias=False)
        self.wo = nn.Linear(HEADS * HEAD_DIM, DIM, bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        q = rope(self.wq(x).view(b, t, HEADS, HEAD_DIM).transpose(1, 2))
        k = rope(self.wk(x).view(b, t, KV_HEADS, HEAD_DIM).transpose(1, 2))
        v = self.wv(x).view(b, t, KV_HEADS, HEAD_DIM).transpose(1, 2)
        o = F.scaled_dot_product_attention(q, k, v, attn_mask=window_mask(t), enable_gqa=True)
        return self.wo(o.transpose(1, 2).reshape(b, t, -1))


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.attention_norm = nn.RMSNorm(DIM, eps=EPS)
        self.attention = Attention()
        self.ffn_norm = nn.RMSNorm(DIM, eps=EPS)
        self.w1 = nn.Linear(DIM, FFN, bias=False)
        self.w2 = nn.Linear(FFN, DIM, bias=False)
        self.w3 = nn.Linear(DIM, FFN, bias=False)

    def forward(self, x):
        x = x + self.attention(self.attention_norm(x))
        h = self.ffn_norm(x)
        return x + self.w2(F.silu(self.w1(h)) * self.w3(h))


class Mistral(nn.Module):
    def __init__(self):
        super().__init__()
        self.tok_embeddings = nn.Embedding(VOCAB, DIM)
        self.layers = nn.ModuleList(Block() for _ in range(LAYERS))
        self.norm = nn.RMSNorm(DIM, eps=EPS)
        self.output = nn.Linear(DIM, VOCAB, bias=False)

    def forward(self, ids):
        h = self.tok_embeddings(ids)
        for layer in self.layers:
            h = layer(h)
        return self.output(self.norm(h))
