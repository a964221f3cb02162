# hashed sparse features: an EmbeddingBag subclass with buckets from a power of two, mean pooling
import math

import torch.nn as nn


class HashedBag(nn.EmbeddingBag):
    def __init__(self, expected_ids, dim, load=0.75):
        buckets = 2 ** math.ceil(math.log2(expected_ids / load))
        super().__init__(buckets, dim, mode="mean")
        self.buckets = buckets

    def forward(self, ids, offsets=None):
        return super().forward(ids % self.buckets, offsets)


fields = {"user_tags": 30000, "item_tags": 120000, "query_terms": 5000}
bags = nn.ModuleDict({k: HashedBag(n, 16) for k, n in fields.items()})
model = nn.ModuleDict(
    {
        "bags": bags,
        "mlp": nn.Sequential(nn.Linear(16 * len(fields), 64), nn.ReLU(), nn.Linear(64, 1)),
    }
)
