"""A residual VQ whose stages share one codebook (the library's default), after a small token encoder."""

from quantizer_pytorch import ResidualVQ
from torch import nn


class TokenVQ(nn.Module):
    def __init__(self, vocab=200, dim=48):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.rvq = ResidualVQ(num_residuals=4, features=dim, num_heads=2, codebook_size=32)
        self.out = nn.Linear(dim, vocab)

    def forward(self, ids):
        q, info = self.rvq(self.embed(ids))
        return self.out(q), info


model = TokenVQ(vocab=200, dim=48)
