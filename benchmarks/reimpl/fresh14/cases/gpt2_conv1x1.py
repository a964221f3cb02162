"""GPT-2 with every projection a 1x1 ``nn.Conv1d`` over ``[batch, channels, time]`` (our
audio codebase's habit); the MLP width is a float multiple of the width, rounded."""

import torch
import torch.nn.functional as F
from torch import nn

N_VOCAB = 384
N_CTX = 128
N_EMBD = 64
N_HEAD = 4
N_LAYER = 3
MLP_MULT = 4.0
N_INNER = round(MLP_MULT * N_EMBD)


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.ln_1 = nn.LayerNorm(N_EMBD, eps=1e-5)
        self.c_attn = nn.Conv1d(N_EMBD, 3 * N_EMBD, 1)
        self.c_proj = nn.Conv1d(N_EMBD, N_EMBD, 1)
        self.ln_2 = nn.LayerNorm(N_EMBD, eps=1e-5)
        self.c_fc = nn.Conv1d(N_EMBD, N_INNER, 1)
        self.mlp_proj = nn.Conv1d(N_INNER, N_EMBD, 1)

    def forward(self, x):  # x: [b, c, t]
        b, c, t = x.shape
        h = self.ln_1(x.transpose(1, 2)).transpose(1, 2)
        q, k, v = self.c_attn(h).view(b, 3, N_HEAD, c // N_HEAD, t).permute(1, 0, 2, 4, 3)
        a = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        x = x + self.c_proj(a.permute(0, 1, 3, 2).reshape(b, c, t))
        h = self.ln_2(x.transpose(1, 2)).transpose(1, 2)
        return x + self.mlp_proj(F.gelu(self.c_fc(h), approximate="tanh"))


class GPT2Conv(nn.Module):
    def __init__(self):
        super().__init__()
        self.wte = nn.Embedding(N_VOCAB, N_EMBD)
        self.wpe = nn.Embedding(N_CTX, N_EMBD)
        self.h = nn.ModuleList([Block() for _ in range(N_LAYER)])
        self.ln_f = nn.LayerNorm(N_EMBD, eps=1e-5)

    def forward(self, ids):
        x = self.wte(ids) + self.wpe(torch.arange(ids.shape[1]))
        x = x.transpose(1, 2)
        for blk in self.h:
            x = blk(x)
        return self.ln_f(x.transpose(1, 2)) @ self.wte.weight.T
