"""Wide & Deep for CTR by hand: a wide linear part over crossed features, deep part over embeddings."""

import torch
import torch.nn as nn

FIELDS = [
    ("user", 10000, 32),
    ("item", 50000, 32),
    ("city", 400, 8),
    ("device", 12, 4),
    ("hour", 24, 4),
]
N_CROSSED = 20000
N_DENSE = 7


class WideAndDeep(nn.Module):
    def __init__(self, fields, n_crossed, n_dense, hidden=(256, 128, 64)):
        super().__init__()
        self.wide = nn.EmbeddingBag(n_crossed, 1, mode="sum")
        self.wide_bias = nn.Parameter(torch.zeros(1))
        self.embeddings = nn.ModuleList(nn.Embedding(n, d) for _, n, d in fields)
        layers, d_in = [], sum(d for *_, d in fields) + n_dense
        for h in hidden:
            layers += [nn.Linear(d_in, h), nn.BatchNorm1d(h), nn.ReLU(), nn.Dropout(0.2)]
            d_in = h
        layers.append(nn.Linear(d_in, 1))
        self.deep = nn.Sequential(*layers)

    def forward(self, crossed, sparse, dense):
        wide = self.wide(crossed) + self.wide_bias
        emb = torch.cat([e(sparse[:, i]) for i, e in enumerate(self.embeddings)] + [dense], 1)
        return torch.sigmoid(wide + self.deep(emb))


model = WideAndDeep(FIELDS, N_CROSSED, N_DENSE)
