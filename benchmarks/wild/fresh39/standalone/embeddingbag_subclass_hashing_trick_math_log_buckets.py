# a hashed-feature EmbeddingBag (bucket count a power of two above the vocab) + a linear classifier
import math

import torch.nn as nn


class HashedBag(nn.EmbeddingBag):
    def __init__(self, approx_vocab, dim):
        buckets = 2 ** math.ceil(math.log2(approx_vocab))
        super().__init__(buckets, dim, mode="mean")
        self.buckets = buckets

    def forward(self, ids, offsets=None):
        return super().forward(ids % self.buckets, offsets)


class FastTextLike(nn.Module):
    def __init__(self, approx_vocab=300_000, dim=100, n_classes=14):
        super().__init__()
        self.bag = HashedBag(approx_vocab, dim)
        self.fc = nn.Linear(dim, n_classes)


model = FastTextLike()
