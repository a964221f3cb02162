"""A GPT-2 (fused c_attn as an nn.Linear, tied head) whose vocabulary is the tokenizer's size
padded up to a multiple of 64 with a bit mask."""

import torch
import torch.nn as nn
import torch.nn.functional as F

TOKENIZER_SIZE = 300
VOCAB = (TOKENIZER_SIZE + 63) & ~63
CONTEXT = 64
WIDTH = 64
DEPTH = 2
HEADS = 4
INNER = 4 * WIDTH
EPS = 1e-5


class CausalSelfAttention(nn.Module):
    def __init__(self):
        super().__init__()
        self.c_attn = nn.Linear(WIDTH, 3 * WIDTH)
        self.c_proj = nn.Linear(WIDTH, WIDTH)

    def forward(self, x):
        b, t, c = x.shape
        q, k, v = self.c_attn(x).split(WIDTH, dim=2)
        q, k, v = (y.view(b, t, HEADS, c // HEADS).transpose(1, 2) for y in (q, k, v))
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.c_proj(y.transpose(1, 2).contiguous().view(b, t, c))


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.ln_1 = nn.LayerNorm(WIDTH, eps=EPS)
        self.attn = CausalSelfAttention()
        self.ln_2 = nn.LayerNorm(WIDTH, eps=EPS)
        self.c_fc = nn.Linear(WIDTH, INNER)
        self.c_proj = nn.Linear(INNER, WIDTH)

    def forward(self, x):
        x = x + self.attn(self.ln_1(x))
        return x + self.c_proj(F.gelu(self.c_fc(self.ln_2(x)), approximate="tanh"))


class GPT(nn.Module):
    def __init__(self):
        super().__init__()
        self.wte = nn.Embedding(VOCAB, WIDTH)
        self.wpe = nn.Embedding(CONTEXT, WIDTH)
        self.h = nn.ModuleList([Block() for _ in range(DEPTH)])
        self.ln_f = nn.LayerNorm(WIDTH, eps=EPS)
        self.lm_head = nn.Linear(WIDTH, VOCAB, bias=False)
        self.lm_head.weight = self.wte.weight

    def forward(self, idx):
        pos = torch.arange(idx.shape[1])
        x = self.wte(idx) + self.wpe(pos)
        for blk in self.h:
            x = blk(x)
        return self.lm_head(self.ln_f(x))
