"""LongT5 (local attention in the encoder), sizes as base-36 tokens, the way
our run ids encode them."""

import torch
from torch import nn

# vocab, d_model, d_kv, heads, d_ff, encoder layers, decoder layers, buckets, local radius
RUN_ID = "8w 1s g 4 3k 2 2 w 8"
VOCAB, D, DKV, H, FF, ENC, DEC, BUCKETS, RADIUS = (int(tok, 36) for tok in RUN_ID.split())


class T5Norm(nn.Module):
    def __init__(self):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(D))

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-6)


class Attn(nn.Module):
    def __init__(self, bias_table):
        super().__init__()
        self.q, self.k = nn.Linear(D, H * DKV, bias=False), nn.Linear(D, H * DKV, bias=False)
        self.v, self.o = nn.Linear(D, H * DKV, bias=False), nn.Linear(H * DKV, D, bias=False)
        self.rel = nn.Embedding(BUCKETS, H) if bias_table else None

    def forward(self, x, kv=None, mask=None):
        kv = x if kv is None else kv
        b, t, s = x.shape[0], x.shape[1], kv.shape[1]
        q = self.q(x).view(b, t, H, DKV).transpose(1, 2)
        k = self.k(kv).view(b, s, H, DKV).transpose(1, 2)
        v = self.v(kv).view(b, s, H, DKV).transpose(1, 2)
        scores = q @ k.transpose(-1, -2)
        if self.rel is not None:
            dist = torch.arange(s)[None] - torch.arange(t)[:, None]
            bucket = dist.clamp(-BUCKETS // 2, BUCKETS // 2 - 1) + BUCKETS // 2
            scores = scores + self.rel(bucket).permute(2, 0, 1)
        if mask is not None:
            scores = scores.masked_fill(~mask, float("-inf"))
        return self.o((scores.softmax(-1) @ v).transpose(1, 2).reshape(b, t, -1))


class FF_(nn.Module):
    def __init__(self):
        super().__init__()
        self.wi, self.wo = nn.Linear(D, FF, bias=False), nn.Linear(FF, D, bias=False)

    def forward(self, x):
        return self.wo(torch.relu(self.wi(x)))


class EncBlock(nn.Module):
    def __init__(self, first):
        super().__init__()
        self.ln1, self.attn, self.ln2, self.ff = T5Norm(), Attn(first), T5Norm(), FF_()

    def forward(self, x):
        t = x.shape[1]
        i = torch.arange(t)
        local = (i[None] - i[:, None]).abs() <= RADIUS
        x = x + self.attn(self.ln1(x), mask=local)
        return x + self.ff(self.ln2(x))


class DecBlock(nn.Module):
    def __init__(self, first):
        super().__init__()
        self.ln1, self.self_attn = T5Norm(), Attn(first)
        self.ln2, self.cross = T5Norm(), Attn(False)
        self.ln3, self.ff = T5Norm(), FF_()

    def forward(self, y, mem):
        t = y.shape[1]
        causal = torch.ones(t, t, dtype=torch.bool).tril()
        y = y + self.self_attn(self.ln1(y), mask=causal)
        y = y + self.cross(self.ln2(y), mem)
        return y + self.ff(self.ln3(y))


class LongT5(nn.Module):
    def __init__(self):
        super().__init__()
        self.shared = nn.Embedding(VOCAB, D)
        self.encoder = nn.ModuleList(EncBlock(i == 0) for i in range(ENC))
        self.enc_norm = T5Norm()
        self.decoder = nn.ModuleList(DecBlock(i == 0) for i in range(DEC))
        self.dec_norm = T5Norm()

    def forward(self, src, tgt):
        x = self.shared(src)
        for blk in self.encoder:
            x = blk(x)
        mem = self.enc_norm(x)
        y = self.shared(tgt)
        for blk in self.decoder:
            y = blk(y, mem)
        return self.dec_norm(y)
