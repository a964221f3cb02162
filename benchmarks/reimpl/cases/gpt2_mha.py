"""GPT-2 on nn.MultiheadAttention."""

import math

import torch
import torch.nn as nn
import torch.nn.functional as F

CONFIG = {
    "n_embd": 64,
    "n_layer": 2,
    "n_head": 4,
    "vocab_size": 1000,
    "block_size": 128,
    "n_inner": 256,
    "layer_norm_epsilon": 1e-05,
}


class CausalSelfAttention(nn.Module):
    def __init__(self, n_embd, n_head):
        super().__init__()
        self.n_head = n_head
        self.mha = nn.MultiheadAttention(n_embd, n_head, batch_first=True)

    def forward(self, x):
        t = x.size(1)
        mask = torch.triu(torch.ones(t, t, dtype=torch.bool, device=x.device), 1)
        return self.mha(x, x, x, attn_mask=mask, need_weights=False)[0]


class MLP(nn.Module):
    def __init__(self, n_embd, n_inner):
        super().__init__()
        self.c_fc = nn.Linear(n_embd, n_inner)
        self.c_proj = nn.Linear(n_inner, n_embd)

    def forward(self, x):
        return self.c_proj(F.gelu(self.c_fc(x), approximate="tanh"))


class Block(nn.Module):
    def __init__(self, n_embd, n_head, n_inner, eps):
        super().__init__()
        self.ln_1 = nn.LayerNorm(n_embd, eps=eps)
        self.attn = CausalSelfAttention(n_embd, n_head)
        self.ln_2 = nn.LayerNorm(n_embd, eps=eps)
        self.mlp = MLP(n_embd, n_inner)

    def forward(self, x):
        x = x + self.attn(self.ln_1(x))
        return x + self.mlp(self.ln_2(x))


class GPT(nn.Module):
    def __init__(self):
        super().__init__()
        self.wte = nn.Embedding(CONFIG["vocab_size"], CONFIG["n_embd"])
        self.wpe = nn.Embedding(CONFIG["block_size"], CONFIG["n_embd"])
        self.h = nn.ModuleList([Block(CONFIG["n_embd"], CONFIG["n_head"], CONFIG["n_inner"], CONFIG["layer_norm_epsilon"]) for _ in range(CONFIG["n_layer"])])
        self.ln_f = nn.LayerNorm(CONFIG["n_embd"], eps=CONFIG["layer_norm_epsilon"])
        self.lm_head = nn.Linear(CONFIG["n_embd"], CONFIG["vocab_size"], bias=False)
        self.lm_head.weight = self.wte.weight

    def forward(self, idx):
        pos = torch.arange(idx.size(1), device=idx.device)
        x = self.wte(idx) + self.wpe(pos)
        for block in self.h:
            x = block(x)
        x = self.ln_f(x)
        return self.lm_head(x)
