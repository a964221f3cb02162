"""A long-document encoder: memory-compressed attention layers with compression 4, built from a
SimpleNamespace config."""

from types import SimpleNamespace

import torch.nn as nn
from memory_compressed_attention import MemoryCompressedAttention

cfg = SimpleNamespace(vocab=30522, dim=384, depth=6, heads=6, compression=4)


class Encoder(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.embed = nn.Embedding(c.vocab, c.dim)
        self.layers = nn.ModuleList(
            nn.ModuleList(
                [
                    nn.LayerNorm(c.dim),
                    MemoryCompressedAttention(c.dim, c.heads, compression_factor=c.compression),
                    nn.LayerNorm(c.dim),
                    nn.Sequential(
                        nn.Linear(c.dim, 2 * c.dim), nn.GELU(), nn.Linear(2 * c.dim, c.dim)
                    ),
                ]
            )
            for _ in range(c.depth)
        )


model = Encoder(cfg)
