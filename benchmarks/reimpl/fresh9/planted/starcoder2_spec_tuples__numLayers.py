"""StarCoder2 (tiny) assembled from a flat list of spec tuples, ``("block", heads, kv_heads,
ffn, window)`` repeated once per layer; every Linear and LayerNorm has a bias, the MLP is a
plain GELU two-layer MLP, and the head is tied to the embedding."""

import torch
import torch.nn.functional as F
from torch import nn

VOCAB, WIDTH, EPS = 640, 64, 1e-5
ARCH = [("embed", VOCAB, WIDTH)] + [("block", 4, 2, 256, 32)] * 3 + [("final_norm", WIDTH)]


class Block(nn.Module):
    def __init__(self, heads, kv_heads, ffn, window):
        super().__init__()
        hd = WIDTH // heads
        self.heads, self.kv_heads, self.window = heads, kv_heads, window
        self.ln_1 = nn.LayerNorm(WIDTH, eps=EPS)
        self.q = nn.Linear(WIDTH, heads * hd)
        self.k = nn.Linear(WIDTH, kv_heads * hd)
        self.v = nn.Linear(WIDTH, kv_heads * hd)
        self.o = nn.Linear(heads * hd, WIDTH)
        self.ln_2 = nn.LayerNorm(WIDTH, eps=EPS)
        self.c_fc = nn.Linear(WIDTH, ffn)
        self.c_proj = nn.Linear(ffn, WIDTH)

    def forward(self, x):
        b, t, _ = x.shape
        h = self.ln_1(x)
        q = self.q(h).view(b, t, self.heads, -1).transpose(1, 2)
        k = self.k(h).view(b, t, self.kv_heads, -1).transpose(1, 2)
        v = self.v(h).view(b, t, self.kv_heads, -1).transpose(1, 2)
        i = torch.arange(t, device=x.device)
        ok = (i[None] <= i[:, None]) & (i[:, None] - i[None] < self.window)
        o = F.scaled_dot_product_attention(q, k, v, attn_mask=ok, enable_gqa=True)
        x = x + self.o(o.transpose(1, 2).reshape(b, t, -1))
        return x + self.c_proj(F.gelu(self.c_fc(self.ln_2(x)), approximate="tanh"))


class StarCoder2(nn.Module):
    def __init__(self, arch=ARCH):
        super().__init__()
        self.blocks = nn.ModuleList()
        for kind, *args in arch:
            if kind == "embed":
                self.wte = nn.Embedding(*args)
            elif kind == "block":
                self.blocks.append(Block(*args))
            elif kind == "final_norm":
                self.ln_f = nn.LayerNorm(*args, eps=EPS)

    def forward(self, ids):
        x = self.wte(ids)
        for blk in self.blocks:
            x = blk(x)
        return self.ln_f(x) @ self.wte.weight.t()
