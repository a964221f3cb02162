"""A causal Remixer LM: token embedding, causal remixer blocks with biases, tied output."""

import torch.nn as nn
from remixer_pytorch import RemixerBlock


class RemixerLM(nn.Module):
    def __init__(self, vocab=10000, dim=256, seq_len=512, depth=4):
        super().__init__()
        self.emb = nn.Embedding(vocab, dim)
        self.blocks = nn.ModuleList(
            RemixerBlock(dim=dim, seq_len=seq_len, causal=True, bias=True) for _ in range(depth)
        )
        self.norm = nn.LayerNorm(dim)
        self.out = nn.Linear(dim, vocab, bias=False)
        self.out.weight = self.emb.weight


model = RemixerLM()
