"""Zoo: layers the catalogue may not model (EmbeddingBag, PReLU with channels, InstanceNorm
with affine) -- their parameters come from torch's own source, read statically."""

import torch.nn as nn


class BagClassifier(nn.Module):
    def __init__(self, vocab=5000, dim=32, classes=4):
        super().__init__()
        self.bag = nn.EmbeddingBag(vocab, dim, mode="mean")
        self.act = nn.PReLU(dim)
        self.norm = nn.InstanceNorm1d(dim, affine=True)
        self.fc = nn.Linear(dim, classes)

    def forward(self, bags):  # (B, S, L): S bags of L token ids per example
        b, s, n = bags.shape
        e = self.bag(bags.reshape(b * s, n)).view(b, s, -1)  # (B, S, dim)
        e = self.norm(self.act(e.transpose(1, 2)))  # channels first: (B, dim, S)
        return self.fc(e.mean(dim=-1))


ENTRY = "BagClassifier"
CONFIG = None
INPUT = (2, 3, 5)
INPUT_KIND = "tokens"
VOCAB = 5000


def build():
    return BagClassifier()
