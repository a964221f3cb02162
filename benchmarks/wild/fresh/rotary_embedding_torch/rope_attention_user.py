"""rotary_embedding_torch: a user's causal self-attention using RotaryEmbedding (fresh batch, benchmarks/wild/fresh)."""

import torch
import torch.nn as nn
import torch.nn.functional as F
from rotary_embedding_torch import RotaryEmbedding


class Attention(nn.Module):
    def __init__(self, dim, heads=8, dim_head=64, rope_fraction=0.5):
        super().__init__()
        self.heads = heads
        inner = heads * dim_head
        self.to_qkv = nn.Linear(dim, inner * 3, bias=False)
        self.rotary = RotaryEmbedding(dim=int(dim_head * rope_fraction))
        self.to_out = nn.Linear(inner, dim, bias=False)

    def forward(self, x):
        b, n, _ = x.shape
        q, k, v = self.to_qkv(x).view(b, n, 3, self.heads, -1).permute(2, 0, 3, 1, 4)
        q, k = self.rotary.rotate_queries_or_keys(q), self.rotary.rotate_queries_or_keys(k)
        out = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.to_out(out.transpose(1, 2).reshape(b, n, -1))


class Block(nn.Module):
    def __init__(self, dim, **kw):
        super().__init__()
        self.ln1, self.ln2 = nn.LayerNorm(dim), nn.LayerNorm(dim)
        self.attn = Attention(dim, **kw)
        self.mlp = nn.Sequential(nn.Linear(dim, 4 * dim), nn.GELU(), nn.Linear(4 * dim, dim))

    def forward(self, x):
        x = x + self.attn(self.ln1(x))
        return x + self.mlp(self.ln2(x))


class TinyLM(nn.Module):
    def __init__(self, vocab=512, dim=128, depth=3, **kw):
        super().__init__()
        self.tok = nn.Embedding(vocab, dim)
        self.blocks = nn.Sequential(*[Block(dim, **kw) for _ in range(depth)])
        self.head = nn.Linear(dim, vocab, bias=False)
        self.head.weight = self.tok.weight

    def forward(self, idx):
        return self.head(self.blocks(self.tok(idx)))


model = TinyLM(vocab=512, dim=128, depth=3, heads=4, dim_head=32)
