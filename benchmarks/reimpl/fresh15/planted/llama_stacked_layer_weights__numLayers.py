"""Llama with every per-layer weight stacked on a leading layer axis (one tensor per kind)."""

import torch
import torch.nn as nn
import torch.nn.functional as F

N_LAYER, D_MODEL, N_HEAD, N_KV, D_FF, N_VOCAB = 3, 64, 4, 2, 160, 384
ROPE_BASE, NORM_EPS = 10000.0, 1e-5
D_HEAD = D_MODEL // N_HEAD


def rms(x, w):
    h = x.float()
    return w * (h * torch.rsqrt(h.pow(2).mean(-1, keepdim=True) + NORM_EPS))


def rope(x):
    t = x.shape[-2]
    inv = 1.0 / ROPE_BASE ** (torch.arange(0, D_HEAD, 2, dtype=torch.int64).float() / D_HEAD)
    ang = torch.outer(torch.arange(t).float(), inv)
    ang = torch.cat([ang, ang], -1)
    x1, x2 = x.chunk(2, -1)
    return x * ang.cos() + torch.cat([-x2, x1], -1) * ang.sin()


class StackedLlama(nn.Module):
    def __init__(self):
        super().__init__()
        L = N_LAYER
        self.tok = nn.Parameter(torch.empty(N_VOCAB, D_MODEL))
        self.wq = nn.Parameter(torch.empty(L, N_HEAD * D_HEAD, D_MODEL))
        self.wk = nn.Parameter(torch.empty(L, N_KV * D_HEAD, D_MODEL))
        self.wv = nn.Parameter(torch.empty(L, N_KV * D_HEAD, D_MODEL))
        self.wo = nn.Parameter(torch.empty(L, D_MODEL, N_HEAD * D_HEAD))
        self.w_gate = nn.Parameter(torch.empty(L, D_FF, D_MODEL))
        self.w_up = nn.Parameter(torch.empty(L, D_FF, D_MODEL))
        self.w_down = nn.Parameter(torch.empty(L, D_MODEL, D_FF))
        self.ln_attn = nn.Parameter(torch.ones(L, D_MODEL))
        self.ln_mlp = nn.Parameter(torch.ones(L, D_MODEL))
        self.ln_out = nn.Parameter(torch.ones(D_MODEL))
        self.unembed = nn.Parameter(torch.empty(N_VOCAB, D_MODEL))

    def forward(self, ids):
        b, t = ids.shape
        x = self.tok[ids]
        for i in range(N_LAYER):
            h = rms(x, self.ln_attn[i])
            q = rope((h @ self.wq[i].T).view(b, t, N_HEAD, D_HEAD).transpose(1, 2))
            k = rope((h @ self.wk[i].T).view(b, t, N_KV, D_HEAD).transpose(1, 2))
            v = (h @ self.wv[i].T).view(b, t, N_KV, D_HEAD).transpose(1, 2)
            y = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
            x = x + y.transpose(1, 2).reshape(b, t, -1) @ self.wo[i].T
            h = rms(x, self.ln_mlp[i])
            x = x + (F.silu(h @ self.w_gate[i].T) * (h @ self.w_up[i].T)) @ self.w_down[i].T
        return rms(x, self.ln_out) @ self.unembed.T
