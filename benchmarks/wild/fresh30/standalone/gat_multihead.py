"""A two-layer graph attention network (GAT) written out by hand: per-head weight matrices, attention vectors
a_src / a_dst as Parameters, concat heads in the first layer and a single averaged head in the last."""

import torch
import torch.nn as nn


class GATLayer(nn.Module):
    def __init__(self, in_dim, out_dim, heads, concat=True):
        super().__init__()
        self.heads, self.out_dim, self.concat = heads, out_dim, concat
        self.W = nn.Linear(in_dim, heads * out_dim, bias=False)
        self.a_src = nn.Parameter(torch.empty(1, heads, out_dim))
        self.a_dst = nn.Parameter(torch.empty(1, heads, out_dim))
        self.bias = nn.Parameter(torch.zeros(heads * out_dim if concat else out_dim))
        nn.init.xavier_uniform_(self.a_src)
        nn.init.xavier_uniform_(self.a_dst)


class GAT(nn.Module):
    def __init__(self, in_dim, hidden, classes, heads=8, out_heads=1):
        super().__init__()
        self.l1 = GATLayer(in_dim, hidden, heads, concat=True)
        self.l2 = GATLayer(hidden * heads, classes, out_heads, concat=False)
        self.drop = nn.Dropout(0.6)


model = GAT(in_dim=100, hidden=8, classes=7, heads=8, out_heads=1)
