"""A user model for RNA / protein binding: two embedding towers joined by bidirectional cross
attention, pooled into a binding logit."""

import torch.nn as nn
from bidirectional_cross_attention import BidirectionalCrossAttention


class BindingModel(nn.Module):
    def __init__(self, rna_vocab=5, aa_vocab=21, dim=256, prot_dim=192, layers=3):
        super().__init__()
        self.rna_emb = nn.Embedding(rna_vocab, dim)
        self.prot_emb = nn.Embedding(aa_vocab, prot_dim)
        self.cross = nn.ModuleList(
            BidirectionalCrossAttention(dim=dim, context_dim=prot_dim, heads=4, dim_head=32)
            for _ in range(layers)
        )
        self.head = nn.Sequential(nn.LayerNorm(dim + prot_dim), nn.Linear(dim + prot_dim, 1))


model = BindingModel()
