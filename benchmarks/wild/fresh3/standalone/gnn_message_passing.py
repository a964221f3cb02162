"""A message-passing neural network for molecules, without any graph library."""
import torch
from torch import nn


def mlp(sizes, act=nn.SiLU, last_act=False):
    layers = []
    for i, (a, b) in enumerate(zip(sizes[:-1], sizes[1:])):
        layers.append(nn.Linear(a, b))
        if i < len(sizes) - 2 or last_act:
            layers.append(act())
    return nn.Sequential(*layers)


class MPLayer(nn.Module):
    def __init__(self, node_dim, edge_dim, hidden):
        super().__init__()
        self.msg = mlp([2 * node_dim + edge_dim, hidden, hidden], last_act=True)
        self.upd = mlp([node_dim + hidden, hidden, node_dim])
        self.norm = nn.LayerNorm(node_dim)

    def forward(self, h, edge_index, e):
        src, dst = edge_index
        m = self.msg(torch.cat([h[src], h[dst], e], -1))
        agg = torch.zeros(h.size(0), m.size(-1), device=h.device).index_add_(0, dst, m)
        return self.norm(h + self.upd(torch.cat([h, agg], -1)))


class MPNN(nn.Module):
    def __init__(self, n_atom_types=10, n_bond_types=4, node_dim=64, edge_dim=16, hidden=128,
                 n_layers=4, n_targets=12):
        super().__init__()
        self.atom_emb = nn.Embedding(n_atom_types, node_dim)
        self.bond_emb = nn.Embedding(n_bond_types, edge_dim)
        self.layers = nn.ModuleList([MPLayer(node_dim, edge_dim, hidden) for _ in range(n_layers)])
        self.readout = mlp([node_dim, hidden, n_targets])

    def forward(self, atoms, edge_index, bonds, batch):
        h, e = self.atom_emb(atoms), self.bond_emb(bonds)
        for layer in self.layers:
            h = layer(h, edge_index, e)
        pooled = torch.zeros(int(batch.max()) + 1, h.size(-1)).index_add_(0, batch, h)
        return self.readout(pooled)


model = MPNN(n_layers=3, n_targets=1)
