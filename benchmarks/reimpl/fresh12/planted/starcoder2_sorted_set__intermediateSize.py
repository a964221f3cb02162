"""A StarCoder2 decoder: biases on every projection, LayerNorms with bias, a plain GELU MLP, a
sliding window, tied embeddings. The sizes are picked from a sorted set of supported values."""

import torch
import torch.nn as nn
import torch.nn.functional as F

SUPPORTED = {192, 64, 2, 4, 512, 1, 16}
ONE, TWO, FOUR, SIXTEEN, WIDTH, MLP, VOCAB = sorted(SUPPORTED)
LAYERS, HEADS, KV_HEADS, WINDOW = TWO, FOUR, TWO, SIXTEEN
EPS = 1e-5
THETA = 10000.0
HD = WIDTH // HEADS


class Attention(nn.Module):
    def __init__(self):
        super().__init__()
        self.q_proj = nn.Linear(WIDTH, HEADS * HD)
        self.k_proj = nn.Linear(WIDTH, KV_HEADS * HD)
        self.v_proj = nn.Linear(WIDTH, KV_HEADS * HD)
        self.o_proj = nn.Linear(HEADS * HD, WIDTH)

    def forward(self, x):
        b, t, _ = x.shape
        q = self.q_proj(x).view(b, t, HEADS, HD).transpose(1, 2)
        k = self.k_proj(x).view(b, t, KV_HEADS, HD).transpose(1, 2)
        v = self.v_proj(x).view(b, t, KV_HEADS, HD).transpose(1, 2)
        inv = 1.0 / THETA ** (torch.arange(0, HD, 2).float() / HD)
        ang = torch.outer(torch.arange(t).float(), inv).repeat(1, 2)
        q = q * ang.cos() + torch.cat([-q[..., HD // 2 :], q[..., : HD // 2]], -1) * ang.sin()
        k = k * ang.cos() + torch.cat([-k[..., HD // 2 :], k[..., : HD // 2]], -1) * ang.sin()
        i = torch.arange(t)
        mask = (i[:, None] >= i[None]) & (i[:, None] - i[None] < WINDOW)
        o = F.scaled_dot_product_attention(q, k, v, attn_mask=mask, enable_gqa=True)
        return self.o_proj(o.transpose(1, 2).reshape(b, t, -1))


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.ln_1 = nn.LayerNorm(WIDTH, eps=EPS)
        self.attn = Attention()
        self.ln_2 = nn.LayerNorm(WIDTH, eps=EPS)
        self.c_fc = nn.Linear(WIDTH, MLP)
        self.c_proj = nn.Linear(MLP, WIDTH)

    def forward(self, x):
        x = x + self.attn(self.ln_1(x))
        return x + self.c_proj(F.gelu(self.c_fc(self.ln_2(x)), approximate="tanh"))


class StarCoder2(nn.Module):
    def __init__(self):
        super().__init__()
        self.wte = nn.Embedding(VOCAB, WIDTH)
        self.h = nn.ModuleList(Block() for _ in range(LAYERS))
        self.ln_f = nn.LayerNorm(WIDTH, eps=EPS)

    def forward(self, ids):
        x = self.wte(ids)
        for blk in self.h:
            x = blk(x)
        return F.linear(self.ln_f(x), self.wte.weight)
