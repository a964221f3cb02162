"""CALM over plain-torch LMs, with the blocks located by user extraction functions."""

import torch.nn as nn
from CALM_pytorch import CALM, AugmentParams


class TinyLM(nn.Module):
    def __init__(self, vocab, dim, depth):
        super().__init__()
        self.emb = nn.Embedding(vocab, dim)
        self.layers = nn.ModuleList(
            nn.TransformerEncoderLayer(dim, 4, dim * 2, batch_first=True) for _ in range(depth)
        )
        self.head = nn.Linear(dim, vocab)

    def forward(self, x):
        h = self.emb(x)
        for layer in self.layers:
            h = layer(h)
        return self.head(h)


def blocks(m):
    return list(m.layers)


anchor, aug = TinyLM(128, 64, 4), TinyLM(128, 32, 2)
model = CALM(
    anchor,
    AugmentParams(model=aug, extract_blocks_fn=blocks, connect_every_num_layers=2),
    anchor_extract_blocks_fn=blocks,
)
