"""GraphSAGE with mean / pool aggregators written by hand (dense adjacency), aggregator chosen by name."""

import torch.nn as nn
import torch.nn.functional as F


class MeanAggregator(nn.Module):
    def __init__(self, in_dim, out_dim):
        super().__init__()
        self.lin_self = nn.Linear(in_dim, out_dim)
        self.lin_neigh = nn.Linear(in_dim, out_dim, bias=False)

    def forward(self, x, adj):
        deg = adj.sum(-1, keepdim=True).clamp(min=1)
        return self.lin_self(x) + self.lin_neigh(adj @ x / deg)


class PoolAggregator(nn.Module):
    def __init__(self, in_dim, out_dim, pool_dim=None):
        super().__init__()
        pool_dim = pool_dim or in_dim
        self.pool = nn.Sequential(nn.Linear(in_dim, pool_dim), nn.ReLU())
        self.lin_self = nn.Linear(in_dim, out_dim)
        self.lin_neigh = nn.Linear(pool_dim, out_dim, bias=False)

    def forward(self, x, adj):
        h = self.pool(x)
        neigh = (adj.unsqueeze(-1) * h.unsqueeze(0)).amax(1)
        return self.lin_self(x) + self.lin_neigh(neigh)


AGGREGATORS = {"mean": MeanAggregator, "pool": PoolAggregator}


class GraphSAGE(nn.Module):
    def __init__(self, in_feats, hidden, n_classes, n_layers, aggregator="mean", dropout=0.5):
        super().__init__()
        agg = AGGREGATORS[aggregator]
        dims = [in_feats] + [hidden] * (n_layers - 1) + [n_classes]
        self.layers = nn.ModuleList(agg(a, b) for a, b in zip(dims[:-1], dims[1:]))
        self.dropout = nn.Dropout(dropout)

    def forward(self, x, adj):
        for i, layer in enumerate(self.layers):
            x = layer(self.dropout(x), adj)
            if i != len(self.layers) - 1:
                x = F.normalize(F.relu(x), dim=-1)
        return x


model = GraphSAGE(in_feats=602, hidden=128, n_classes=41, n_layers=3, aggregator="pool")
