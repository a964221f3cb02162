"""Llama with every layer's weights stacked on a leading layer axis (a port of a JAX model
written with ``lax.scan``): ``wq[i]`` is layer ``i``'s query matrix, and the forward scans."""

import torch
import torch.nn.functional as F
from torch import nn

N_LAYERS = 2
D_MODEL = 96
N_HEADS = 6
N_KV = 3
D_HEAD = D_MODEL // N_HEADS
D_FF = 256
N_VOCAB = 768
ROPE_BASE = 10000.0


def norm(x, w, eps=1e-5):
    return w * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + eps)


def rope(x, base=ROPE_BASE):
    t, d = x.shape[-2], x.shape[-1]
    inv = base ** (-torch.arange(0, d, 2).float() / d)
    ang = torch.outer(torch.arange(t).float(), inv).repeat(1, 2)
    a, b = x.chunk(2, -1)
    return x * ang.cos() + torch.cat((-b, a), -1) * ang.sin()


def stacked(*shape):
    return nn.Parameter(torch.randn(N_LAYERS, *shape) * 0.02)


class ScannedLlama(nn.Module):
    def __init__(self):
        super().__init__()
        self.tok = nn.Parameter(torch.randn(N_VOCAB, D_MODEL) * 0.02)
        self.ln1 = nn.Parameter(torch.ones(N_LAYERS, D_MODEL))
        self.wq = stacked(N_HEADS * D_HEAD, D_MODEL)
        self.wk = stacked(N_KV * D_HEAD, D_MODEL)
        self.wv = stacked(N_KV * D_HEAD, D_MODEL)
        self.wo = stacked(D_MODEL, N_HEADS * D_HEAD)
        self.ln2 = nn.Parameter(torch.ones(N_LAYERS, D_MODEL))
        self.w_gate = stacked(D_FF, D_MODEL)
        self.w_up = stacked(D_FF, D_MODEL)
        self.w_down = stacked(D_MODEL, D_FF)
        self.ln_f = nn.Parameter(torch.ones(D_MODEL))
        self.unembed = nn.Parameter(torch.randn(N_VOCAB, D_MODEL) * 0.02)

    def step(self, x, i):
        b, t, _ = x.shape
        h = norm(x, self.ln1[i])
        q = F.linear(h, self.wq[i]).view(b, t, N_HEADS, D_HEAD).transpose(1, 2)
        k = F.linear(h, self.wk[i]).view(b, t, N_KV, D_HEAD).transpose(1, 2)
        v = F.linear(h, self.wv[i]).view(b, t, N_KV, D_HEAD).transpose(1, 2)
        o = F.scaled_dot_product_attention(rope(q), rope(k), v, is_causal=True, enable_gqa=True)
        x = x + F.linear(o.transpose(1, 2).reshape(b, t, -1), self.wo[i])
        h = norm(x, self.ln2[i])
        up = F.silu(F.linear(h, self.w_gate[i])) * F.linear(h, self.w_up[i])
        return x + F.linear(up, self.w_down[i])

    def forward(self, ids):
        x = self.tok[ids]
        for i in range(N_LAYERS):
            x = self.step(x, i)
        return F.linear(norm(x, self.ln_f), self.unembed)
