import itertools

import torch.nn as nn


class WideDeep(nn.Module):
    def __init__(self, cardinalities, emb_dim=8, hidden=(64, 32), num_dense=4):
        super().__init__()
        names = sorted(cardinalities)
        # wide part: one weight per value of every pairwise crossed feature
        crosses = list(itertools.combinations(names, 2))
        wide_size = sum(cardinalities[a] * cardinalities[b] for a, b in crosses)
        self.wide = nn.EmbeddingBag(wide_size, 1, mode="sum")
        self.embeds = nn.ModuleDict({n: nn.Embedding(cardinalities[n], emb_dim) for n in names})
        d = emb_dim * len(names) + num_dense
        layers = []
        for h in hidden:
            layers += [nn.Linear(d, h), nn.ReLU()]
            d = h
        self.deep = nn.Sequential(*layers, nn.Linear(d, 1))
        self.bias = nn.Parameter(nn.init.zeros_(nn.Linear(1, 1).bias.detach().clone()))


model = WideDeep(
    cardinalities={"city": 10, "device": 3, "hour": 24}, emb_dim=6, hidden=(32, 16), num_dense=5
)
