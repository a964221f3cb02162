"""A Mistral whose blocks are ``nn.Sequential(OrderedDict(...))`` of named pre-norm residual
wrappers, the layout a keras-minded author reaches for. Sizes are module constants."""

from collections import OrderedDict

import torch
import torch.nn as nn
import torch.nn.functional as F

N_VOCAB = 896
N_EMBD = 64
N_LAYER = 3
N_HEAD = 8
N_KV_HEAD = 2
N_HIDDEN = 224
SLIDING_WINDOW = 16
THETA = 1000000.0


class Residual(nn.Module):
    def __init__(self, inner: nn.Module):
        super().__init__()
        self.norm = nn.RMSNorm(N_EMBD, eps=1e-5)
        self.inner = inner

    def forward(self, x):
        return x + self.inner(self.norm(x))


class WindowAttention(nn.Module):
    def __init__(self):
        super().__init__()
        self.hd = N_EMBD // N_HEAD
        self.wq = nn.Linear(N_EMBD, N_HEAD * self.hd, bias=False)
        self.wk = nn.Linear(N_EMBD, N_KV_HEAD * self.hd, bias=False)
        self.wv = nn.Linear(N_EMBD, N_KV_HEAD * self.hd, bias=False)
        self.wo = nn.Linear(N_HEAD * self.hd, N_EMBD, bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        q = self.wq(x).view(b, t, N_HEAD, -1).transpose(1, 2)
        k = self.wk(x).view(b, t, N_KV_HEAD, -1).transpose(1, 2)
        v = self.wv(x).view(b, t, N_KV_HEAD, -1).transpose(1, 2)
        inv = THETA ** (-torch.arange(0, self.hd, 2).float() / self.hd)
        a = torch.outer(torch.arange(t).float(), inv).repeat(1, 2)
        h = self.hd // 2
        q = q * a.cos() + torch.cat((-q[..., h:], q[..., :h]), -1) * a.sin()
        k = k * a.cos() + torch.cat((-k[..., h:], k[..., :h]), -1) * a.sin()
        i = torch.arange(t)
        mask = (i[None] <= i[:, None]) & (i[:, None] - i[None] < SLIDING_WINDOW)
        y = F.scaled_dot_product_attention(q, k, v, attn_mask=mask, enable_gqa=True)
        return self.wo(y.transpose(1, 2).reshape(b, t, -1))


class GatedFFN(nn.Module):
    def __init__(self):
        super().__init__()
        self.w1 = nn.Linear(N_EMBD, N_HIDDEN, bias=False)
        self.w3 = nn.Linear(N_EMBD, N_HIDDEN, bias=False)
        self.w2 = nn.Linear(N_HIDDEN, N_EMBD, bias=False)

    def forward(self, x):
        return self.w2(F.silu(self.w1(x)) * self.w3(x))


def block() -> nn.Sequential:
    return nn.Sequential(
        OrderedDict([("attn", Residual(WindowAttention())), ("ffn", Residual(GatedFFN()))])
    )


class Mistral(nn.Module):
    def __init__(self):
        super().__init__()
        self.tok_emb = nn.Embedding(N_VOCAB, N_EMBD)
        self.blocks = nn.Sequential(OrderedDict((f"layer_{i}", block()) for i in range(N_LAYER)))
        self.norm = nn.RMSNorm(N_EMBD, eps=1e-5)
        self.head = nn.Linear(N_EMBD, N_VOCAB, bias=False)

    def forward(self, ids):
        return self.head(self.norm(self.blocks(self.tok_emb(ids))))
