"""Universal-transformer-ish stack: `nn.Sequential(...) * n` repeats the SAME block objects (weights shared),
while `+` concatenates a distinct stem and head."""

import torch.nn as nn


class MixerBlock(nn.Module):
    def __init__(self, dim, tokens, expansion=2):
        super().__init__()
        self.norm1 = nn.LayerNorm(dim)
        self.token_mlp = nn.Sequential(
            nn.Linear(tokens, tokens * expansion), nn.GELU(), nn.Linear(tokens * expansion, tokens)
        )
        self.norm2 = nn.LayerNorm(dim)
        self.channel_mlp = nn.Sequential(
            nn.Linear(dim, dim * expansion), nn.GELU(), nn.Linear(dim * expansion, dim)
        )


DIM, TOKENS = 48, 16
stem = nn.Sequential(nn.Linear(12, DIM))
shared = nn.Sequential(MixerBlock(DIM, TOKENS)) * 4
head = nn.Sequential(nn.LayerNorm(DIM), nn.Linear(DIM, 10))
model = stem + shared + head
