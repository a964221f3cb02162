"""An InternViT-style vision tower ported from a scan-over-layers codebase: every per-layer
weight is ONE tensor stacked over the depth ([DEPTH, ...], ``torch.empty`` + init) and the
forward indexes it per layer; RMSNorm everywhere, RMS-normalised queries and keys, layer scale
on both residual branches, no final norm (the towers' features are mean-pooled downstream)."""

import torch
import torch.nn as nn
import torch.nn.functional as F

DEPTH = 2
EMBED = 32
N_HEADS = 4
MLP = 64
PATCH = 8
RES = 32
EPS = 0.01


def rms(x, w, eps=EPS):
    return w * (x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + eps))


def stacked(*shape, init=nn.init.trunc_normal_):
    t = torch.empty(DEPTH, *shape)
    init(t)
    return nn.Parameter(t)


class InternViT(nn.Module):
    def __init__(self):
        super().__init__()
        n = (RES // PATCH) ** 2
        self.patch = nn.Conv2d(3, EMBED, PATCH, PATCH)
        self.cls = nn.Parameter(torch.zeros(1, 1, EMBED))
        self.pos = nn.Parameter(torch.zeros(1, n + 1, EMBED))
        self.ln1 = stacked(EMBED, init=nn.init.ones_)
        self.ln2 = stacked(EMBED, init=nn.init.ones_)
        self.wq = stacked(EMBED, EMBED)
        self.wk = stacked(EMBED, EMBED)
        self.wv = stacked(EMBED, EMBED)
        self.q_scale = stacked(EMBED, init=nn.init.ones_)
        self.k_scale = stacked(EMBED, init=nn.init.ones_)
        self.wo = stacked(EMBED, EMBED)
        self.bo = stacked(EMBED, init=nn.init.zeros_)
        self.w1 = stacked(MLP, EMBED)
        self.b1 = stacked(MLP, init=nn.init.zeros_)
        self.w2 = stacked(EMBED, MLP)
        self.b2 = stacked(EMBED, init=nn.init.zeros_)
        self.ls1 = stacked(EMBED, init=nn.init.ones_)
        self.ls2 = stacked(EMBED, init=nn.init.ones_)

    def layer(self, x, i):
        b, t, d = x.shape
        h = rms(x, self.ln1[i])
        q = rms(h @ self.wq[i].T, self.q_scale[i], 1e-6).view(b, t, N_HEADS, -1).transpose(1, 2)
        k = rms(h @ self.wk[i].T, self.k_scale[i], 1e-6).view(b, t, N_HEADS, -1).transpose(1, 2)
        v = (h @ self.wv[i].T).view(b, t, N_HEADS, -1).transpose(1, 2)
        a = F.scaled_dot_product_attention(q, k, v).transpose(1, 2).reshape(b, t, d)
        x = x + self.ls1[i] * F.linear(a, self.wo[i], self.bo[i])
        m = F.gelu(F.linear(rms(x, self.ln2[i]), self.w1[i], self.b1[i]))
        m = F.linear(m, self.w2[i], self.b2[i])
        return x + self.ls2[i] * m

    def forward(self, pixels):
        x = self.patch(pixels).flatten(2).transpose(1, 2)
        x = torch.cat([self.cls.expand(x.shape[0], -1, -1), x], 1) + self.pos
        for i in range(DEPTH):
            x = self.layer(x, i)
        return x
