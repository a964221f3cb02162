"""torch_geometric: DeepGCN layers wrapping GENConv, the ogbn example's pattern (fresh batch, benchmarks/wild/fresh)."""

import torch.nn as nn
from torch_geometric.nn import DeepGCNLayer, GENConv


class DeeperGCN(nn.Module):
    def __init__(self, in_dim, hidden, out_dim, num_layers):
        super().__init__()
        self.node_encoder = nn.Linear(in_dim, hidden)
        self.layers = nn.ModuleList()
        for i in range(1, num_layers + 1):
            conv = GENConv(hidden, hidden, aggr="softmax", t=1.0, learn_t=True, num_layers=2, norm="layer")
            norm = nn.LayerNorm(hidden, elementwise_affine=True)
            act = nn.ReLU(inplace=True)
            layer = DeepGCNLayer(conv, norm, act, block="res+", dropout=0.1, ckpt_grad=i % 3)
            self.layers.append(layer)
        self.lin = nn.Linear(hidden, out_dim)


model = DeeperGCN(in_dim=8, hidden=64, out_dim=5, num_layers=4)
