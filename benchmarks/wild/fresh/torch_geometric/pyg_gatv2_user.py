"""torch_geometric: a user GNN of GATv2Conv layers in a ModuleList, graph pooled (fresh batch, benchmarks/wild/fresh)."""

import torch.nn as nn
import torch.nn.functional as F
from torch_geometric.nn import GATv2Conv, global_mean_pool


class GATv2Net(nn.Module):
    def __init__(self, in_dim, hidden, out_dim, heads=4, layers=3):
        super().__init__()
        self.convs = nn.ModuleList()
        self.norms = nn.ModuleList()
        dim = in_dim
        for _ in range(layers):
            self.convs.append(GATv2Conv(dim, hidden, heads=heads, concat=True, edge_dim=4))
            self.norms.append(nn.BatchNorm1d(hidden * heads))
            dim = hidden * heads
        self.lin = nn.Linear(dim, out_dim)

    def forward(self, x, edge_index, edge_attr, batch):
        for conv, norm in zip(self.convs, self.norms):
            x = F.elu(norm(conv(x, edge_index, edge_attr)))
        return self.lin(global_mean_pool(x, batch))


model = GATv2Net(in_dim=16, hidden=32, out_dim=2, heads=2, layers=3)
