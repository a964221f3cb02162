"""DCN-v2: a low-rank mixture-of-experts cross network stacked with a deep tower over field embeddings (sizes by the 6 * n ** 0.25 rule)."""

import math

import torch
from torch import nn

FIELDS = {"user_id": 1000, "item_id": 5000, "category": 37, "hour": 24, "device": 3}


def emb_dim(cardinality):
    return int(6 * math.pow(cardinality, 0.25))


class CrossLayerMoE(nn.Module):
    def __init__(self, dim, rank, num_experts):
        super().__init__()
        self.U = nn.ParameterList(
            [nn.Parameter(torch.empty(dim, rank)) for _ in range(num_experts)]
        )
        self.V = nn.ParameterList(
            [nn.Parameter(torch.empty(dim, rank)) for _ in range(num_experts)]
        )
        self.C = nn.ParameterList(
            [nn.Parameter(torch.empty(rank, rank)) for _ in range(num_experts)]
        )
        self.gates = nn.ModuleList([nn.Linear(dim, 1, bias=False) for _ in range(num_experts)])
        self.bias = nn.Parameter(torch.zeros(dim, 1))


class DCNv2(nn.Module):
    def __init__(self, fields, num_dense=13, cross_layers=3, rank=8, experts=4, deep=(128, 64)):
        super().__init__()
        self.embeddings = nn.ModuleDict({k: nn.Embedding(v, emb_dim(v)) for k, v in fields.items()})
        dim = sum(emb_dim(v) for v in fields.values()) + num_dense
        self.cross = nn.ModuleList([CrossLayerMoE(dim, rank, experts) for _ in range(cross_layers)])
        layers, d = [], dim
        for w in deep:
            layers += [nn.Linear(d, w), nn.BatchNorm1d(w), nn.ReLU()]
            d = w
        self.deep = nn.Sequential(*layers)
        self.out = nn.Linear(dim + d, 1)


model = DCNv2(FIELDS, num_dense=13, cross_layers=2, rank=4, experts=3, deep=(64, 32))
