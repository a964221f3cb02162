"""A T5 v1.1-style encoder-decoder (gated GELU MLP, the LM head tied to the embeddings and its
input scaled by d_model ** -0.5); the stack depths are counted from a block plan with generator
sums."""

import torch
import torch.nn as nn
import torch.nn.functional as F

PLAN = ["enc", "enc", "enc", "dec", "dec"]
N_ENC = sum(1 for kind in PLAN if kind == "enc")
N_DEC = sum(1 for kind in PLAN if kind == "dec")
VOCAB, D, KV_DIM, N_HEADS, FF = 384, 64, 8, 8, 96
N_BUCKETS = 16
EPS = 1e-6


class RMS(nn.Module):
    def __init__(self):
        super().__init__()
        self.w = nn.Parameter(torch.ones(D))

    def forward(self, x):
        return self.w * x * (x.pow(2).mean(-1, keepdim=True) + EPS).rsqrt()


class MHA(nn.Module):
    def __init__(self, relative):
        super().__init__()
        inner = N_HEADS * KV_DIM
        self.q = nn.Linear(D, inner, bias=False)
        self.kv = nn.Linear(D, 2 * inner, bias=False)
        self.o = nn.Linear(inner, D, bias=False)
        self.bias = nn.Parameter(torch.zeros(N_BUCKETS, N_HEADS)) if relative else None

    def forward(self, x, mem=None, mask=None):
        mem = x if mem is None else mem
        b, t, _ = x.shape
        q = self.q(x).view(b, t, N_HEADS, KV_DIM).transpose(1, 2)
        k, v = self.kv(mem).view(b, -1, 2, N_HEADS, KV_DIM).permute(2, 0, 3, 1, 4)
        s = q @ k.transpose(-1, -2)
        if self.bias is not None:
            rel = (torch.arange(mem.shape[1])[None] - torch.arange(t)[:, None]).clamp(-7, 7) + 7
            s = s + self.bias[rel.clamp(max=N_BUCKETS - 1)].permute(2, 0, 1)
        if mask is not None:
            s = s.masked_fill(mask, float("-inf"))
        return self.o((s.softmax(-1) @ v).transpose(1, 2).reshape(b, t, -1))


class GatedFF(nn.Module):
    def __init__(self):
        super().__init__()
        self.ln = RMS()
        self.wi_0 = nn.Linear(D, FF, bias=False)
        self.wi_1 = nn.Linear(D, FF, bias=False)
        self.wo = nn.Linear(FF, D, bias=False)

    def forward(self, x):
        h = self.ln(x)
        return x + self.wo(F.gelu(self.wi_0(h), approximate="tanh") * self.wi_1(h))


class Enc(nn.Module):
    def __init__(self, i):
        super().__init__()
        self.ln, self.sa, self.ff = RMS(), MHA(i == 0), GatedFF()

    def forward(self, x):
        return self.ff(x + self.sa(self.ln(x)))


class Dec(nn.Module):
    def __init__(self, i):
        super().__init__()
        self.ln1, self.sa = RMS(), MHA(i == 0)
        self.ln2, self.ca = RMS(), MHA(False)
        self.ff = GatedFF()

    def forward(self, y, mem):
        t = y.shape[1]
        y = y + self.sa(self.ln1(y), mask=torch.ones(t, t, dtype=torch.bool).triu(1))
        return self.ff(y + self.ca(self.ln2(y), mem))


class T5v11(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(VOCAB, D)
        self.enc = nn.ModuleList(Enc(i) for i in range(N_ENC))
        self.enc_ln = RMS()
        self.dec = nn.ModuleList(Dec(i) for i in range(N_DEC))
        self.dec_ln = RMS()
        self.lm_head = nn.Linear(D, VOCAB, bias=False)
        self.lm_head.weight = self.embed.weight

    def forward(self, src, tgt):
        x = self.embed(src)
        for blk in self.enc:
            x = blk(x)
        mem = self.enc_ln(x)
        y = self.embed(tgt)
        for blk in self.dec:
            y = blk(y, mem)
        return self.lm_head(self.dec_ln(y) * D**-0.5)
