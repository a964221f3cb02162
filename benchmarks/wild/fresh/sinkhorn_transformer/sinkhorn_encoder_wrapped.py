"""sinkhorn_transformer: the bare SinkhornTransformer inside a user classifier (fresh batch, benchmarks/wild/fresh)."""

import torch.nn as nn
from sinkhorn_transformer import SinkhornTransformer


class SeqClassifier(nn.Module):
    def __init__(self, vocab, dim, depth, seq_len, n_classes, **attn_kwargs):
        super().__init__()
        self.emb = nn.Embedding(vocab, dim)
        self.pos = nn.Embedding(seq_len, dim)
        self.encoder = SinkhornTransformer(dim, depth, max_seq_len=seq_len, **attn_kwargs)
        self.cls = nn.Sequential(nn.LayerNorm(dim), nn.Linear(dim, n_classes))

    def forward(self, x):
        import torch

        pos = torch.arange(x.shape[1], device=x.device)
        h = self.encoder(self.emb(x) + self.pos(pos))
        return self.cls(h.mean(dim=1))


model = SeqClassifier(5000, 64, 2, 128, 4, heads=4, bucket_size=16, ff_glu=True)
