"""A frame tagger (voice activity / speaker change) on a conv-only naive conformer encoder."""

from torch import nn
from torchfcpe.model_conformer_naive import ConformerNaiveEncoder


class FrameTagger(nn.Module):
    def __init__(self, n_feats=80, dim=64, layers=3, heads=4, tags=3):
        super().__init__()
        self.proj = nn.Linear(n_feats, dim)
        self.encoder = ConformerNaiveEncoder(
            num_layers=layers, num_heads=heads, dim_model=dim, conv_only=True
        )
        self.norm = nn.LayerNorm(dim)
        self.tags = nn.Linear(dim, tags)

    def forward(self, feats):
        return self.tags(self.norm(self.encoder(self.proj(feats))))


model = FrameTagger(n_feats=80, dim=64, layers=3, heads=4, tags=3)
