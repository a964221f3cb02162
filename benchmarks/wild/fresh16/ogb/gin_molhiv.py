"""GIN for ogbg-molhiv with OGB's atom/bond encoders (dense adjacency message passing, no PyG)."""

import torch
from ogb.graphproppred.mol_encoder import AtomEncoder, BondEncoder
from torch import nn


class GINConv(nn.Module):
    def __init__(self, emb_dim):
        super().__init__()
        self.mlp = nn.Sequential(
            nn.Linear(emb_dim, 2 * emb_dim),
            nn.BatchNorm1d(2 * emb_dim),
            nn.ReLU(),
            nn.Linear(2 * emb_dim, emb_dim),
        )
        self.eps = nn.Parameter(torch.zeros(1))
        self.bond_encoder = BondEncoder(emb_dim=emb_dim)

    def forward(self, x, adj):
        return self.mlp((1 + self.eps) * x + adj @ x)


class GNN(nn.Module):
    def __init__(self, num_tasks, num_layer=5, emb_dim=300, drop_ratio=0.5):
        super().__init__()
        self.atom_encoder = AtomEncoder(emb_dim)
        self.convs = nn.ModuleList([GINConv(emb_dim) for _ in range(num_layer)])
        self.norms = nn.ModuleList([nn.BatchNorm1d(emb_dim) for _ in range(num_layer)])
        self.drop = nn.Dropout(drop_ratio)
        self.graph_pred_linear = nn.Linear(emb_dim, num_tasks)


model = GNN(num_tasks=1, num_layer=3, emb_dim=64)
