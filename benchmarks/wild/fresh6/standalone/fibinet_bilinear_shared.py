"""FiBiNET: SENET field re-weighting and a bilinear interaction with one W shared by all field pairs."""

import itertools

import torch
import torch.nn as nn


class SENETLayer(nn.Module):
    def __init__(self, field_size, reduction_ratio=3):
        super().__init__()
        reduced = max(1, field_size // reduction_ratio)
        self.excitation = nn.Sequential(
            nn.Linear(field_size, reduced, bias=False),
            nn.ReLU(),
            nn.Linear(reduced, field_size, bias=False),
            nn.ReLU(),
        )

    def forward(self, x):
        return x * self.excitation(x.mean(dim=-1)).unsqueeze(2)


class BilinearInteraction(nn.Module):
    def __init__(self, field_size, embedding_size, bilinear_type="all"):
        super().__init__()
        self.bilinear_type = bilinear_type
        if bilinear_type == "all":
            self.bilinear = nn.Linear(embedding_size, embedding_size, bias=False)
        elif bilinear_type == "each":
            self.bilinear = nn.ModuleList(
                nn.Linear(embedding_size, embedding_size, bias=False) for _ in range(field_size)
            )
        else:  # "interaction": one W per pair
            self.bilinear = nn.ModuleList(
                nn.Linear(embedding_size, embedding_size, bias=False)
                for _ in itertools.combinations(range(field_size), 2)
            )

    def forward(self, x):
        fields = x.split(1, dim=1)
        return torch.cat(
            [self.bilinear(a) * b for a, b in itertools.combinations(fields, 2)], dim=1
        )


class FiBiNET(nn.Module):
    def __init__(self, field_dims, embed_dim=10, bilinear_type="all", dnn=(128, 64)):
        super().__init__()
        n = len(field_dims)
        self.embeddings = nn.ModuleList(nn.Embedding(d, embed_dim) for d in field_dims)
        self.senet = SENETLayer(n, reduction_ratio=3)
        self.bilinear = BilinearInteraction(n, embed_dim, bilinear_type)
        pairs = n * (n - 1) // 2
        layers, d = [], 2 * pairs * embed_dim
        for h in dnn:
            layers += [nn.Linear(d, h), nn.BatchNorm1d(h), nn.ReLU()]
            d = h
        layers.append(nn.Linear(d, 1))
        self.dnn = nn.Sequential(*layers)
        self.linear = nn.ModuleList(nn.Embedding(d_, 1) for d_ in field_dims)


model = FiBiNET(field_dims=[100, 20, 7, 50, 1000, 3], embed_dim=10, bilinear_type="all")
