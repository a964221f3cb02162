"""The same family trained from a launcher script: every size is an environment variable with
a default, read once at import (``CWM_LAYERS=8 python train.py`` scales it up)."""

import os

import torch
from torch import nn
from torch.nn import functional as F

VOCAB = int(os.environ.get("CWM_VOCAB", "640"))
WIDTH = int(os.environ.get("CWM_WIDTH", "96"))
DEPTH = int(os.environ.get("CWM_LAYERS", "4"))
HEADS = int(os.environ.get("CWM_HEADS", "6"))
KV_HEADS = int(os.environ.get("CWM_KV_HEADS", "2"))
HEAD_DIM = int(os.environ.get("CWM_HEAD_DIM", "16"))
HIDDEN = int(os.environ.get("CWM_FFN", "256"))
WINDOW = int(os.environ.get("CWM_WINDOW", "48"))
ROPE_BASE = float(os.environ.get("CWM_ROPE_BASE", "10000.0"))
EPS = float(os.environ.get("CWM_EPS", "1e-5"))


def rms(x, w, eps=EPS):
    return w * (x.float() * torch.rsqrt(x.float().pow(2).mean(-1, keepdim=True) + eps)).type_as(x)


class Layer(nn.Module):
    def __init__(self, local: bool):
        super().__init__()
        self.local = local
        self.attn_norm = nn.Parameter(torch.ones(WIDTH))
        self.wq = nn.Linear(WIDTH, HEADS * HEAD_DIM, bias=False)
        self.wk = nn.Linear(WIDTH, KV_HEADS * HEAD_DIM, bias=False)
        self.wv = nn.Linear(WIDTH, KV_HEADS * HEAD_DIM, bias=False)
        self.wo = nn.Linear(HEADS * HEAD_DIM, WIDTH, bias=False)
        self.ffn_norm = nn.Parameter(torch.ones(WIDTH))
        self.w1 = nn.Linear(WIDTH, HIDDEN, bias=False)
        self.w3 = nn.Linear(WIDTH, HIDDEN, bias=False)
        self.w2 = nn.Linear(HIDDEN, WIDTH, bias=False)

    def forward(self, x, freqs):
        b, t, _ = x.shape
        h = rms(x, self.attn_norm)
        q = self.wq(h).view(b, t, HEADS, HEAD_DIM)
        k = self.wk(h).view(b, t, KV_HEADS, HEAD_DIM)
        v = self.wv(h).view(b, t, KV_HEADS, HEAD_DIM)
        q = torch.view_as_real(torch.view_as_complex(q.float().reshape(b, t, HEADS, -1, 2)) * freqs)
        k = torch.view_as_real(
            torch.view_as_complex(k.float().reshape(b, t, KV_HEADS, -1, 2)) * freqs
        )
        q, k = q.flatten(3).transpose(1, 2), k.flatten(3).transpose(1, 2)
        pos = torch.arange(t)
        mask = pos[None] <= pos[:, None]
        if self.local:
            mask = mask & (pos[:, None] - pos[None] < WINDOW)
        o = F.scaled_dot_product_attention(q, k, v.transpose(1, 2), attn_mask=mask, enable_gqa=True)
        x = x + self.wo(o.transpose(1, 2).reshape(b, t, -1))
        h = rms(x, self.ffn_norm)
        return x + self.w2(F.silu(self.w1(h)) * self.w3(h))


class Transformer(nn.Module):
    def __init__(self):
        super().__init__()
        self.tok_embeddings = nn.Embedding(VOCAB, WIDTH)
        # every fourth layer (0, 4, ...) sees the whole context
        self.layers = nn.ModuleList(Layer(local=i % 4 != 0) for i in range(DEPTH))
        self.norm = nn.Parameter(torch.ones(WIDTH))
        self.output = nn.Linear(WIDTH, VOCAB, bias=False)

    def forward(self, tokens):
        t = tokens.shape[1]
        inv = 1.0 / ROPE_BASE ** (torch.arange(0, HEAD_DIM, 2).float() / HEAD_DIM)
        freqs = torch.polar(torch.ones(t, HEAD_DIM // 2), torch.outer(torch.arange(t).float(), inv))
        freqs = freqs[None, :, None, :]
        x = self.tok_embeddings(tokens)
        for layer in self.layers:
            x = layer(x, freqs)
        return self.output(rms(x, self.norm))
