"""A decoder-only LM whose attention layers are causal memory-compressed attention (conv
compression of keys / values by 3)."""

import torch.nn as nn
from memory_compressed_attention import MemoryCompressedAttention


class Block(nn.Module):
    def __init__(self, dim, heads):
        super().__init__()
        self.norm1 = nn.LayerNorm(dim)
        self.attn = MemoryCompressedAttention(
            dim=dim, heads=heads, causal=True, compression_factor=3
        )
        self.norm2 = nn.LayerNorm(dim)
        self.ff = nn.Sequential(nn.Linear(dim, 4 * dim), nn.GELU(), nn.Linear(4 * dim, dim))


class LM(nn.Module):
    def __init__(self, vocab=16000, dim=512, depth=4, heads=8, max_len=1024):
        super().__init__()
        self.tok = nn.Embedding(vocab, dim)
        self.pos = nn.Embedding(max_len, dim)
        self.blocks = nn.ModuleList(Block(dim, heads) for _ in range(depth))
        self.norm = nn.LayerNorm(dim)
        self.head = nn.Linear(dim, vocab, bias=False)
        self.head.weight = self.tok.weight


model = LM()
