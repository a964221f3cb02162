"""A tiny LM whose RPQ layers all point at one codebook tensor (shared_codebooks=True, assigned by hand)."""

import torch
from rpq.nn import RPQEmbedding, RPQLinear
from torch import nn

NBITS, BOOKS, DIM, VOCAB = 5, 4, 32, 300


class SharedRPQLM(nn.Module):
    def __init__(self):
        super().__init__()
        self.codebooks = nn.Parameter(torch.randn(BOOKS, 2**NBITS, DIM // BOOKS))
        self.embed = RPQEmbedding(VOCAB, DIM, num_codebooks=BOOKS, nbits=NBITS)
        self.mix = nn.ModuleList(
            RPQLinear(DIM, DIM, num_codebooks=BOOKS, nbits=NBITS, shared_codebooks=True)
            for _ in range(3)
        )
        for layer in self.mix:
            layer.rpqweight.codebooks = self.codebooks
        self.norm = nn.LayerNorm(DIM)
        self.head = nn.Linear(DIM, VOCAB, bias=False)

    def forward(self, ids):
        h = self.embed(ids)
        for layer in self.mix:
            h = h + torch.relu(layer(h))
        return self.head(self.norm(h))


model = SharedRPQLM()
