import torch
import torch.nn as nn


class GATv2Layer(nn.Module):
    """GATv2: shared-or-separate source/target projections and one attention vector per head."""

    def __init__(self, in_dim, out_dim, heads, share_weights=False, concat=True):
        super().__init__()
        self.lin_l = nn.Linear(in_dim, heads * out_dim)
        self.lin_r = self.lin_l if share_weights else nn.Linear(in_dim, heads * out_dim)
        self.att = nn.Parameter(torch.empty(1, heads, out_dim))
        self.bias = nn.Parameter(torch.zeros(heads * out_dim if concat else out_dim))


class GATv2(nn.Module):
    def __init__(self, in_dim=1433, hidden=8, heads=8, classes=7):
        super().__init__()
        self.l1 = GATv2Layer(in_dim, hidden, heads, share_weights=True)
        self.l2 = GATv2Layer(hidden * heads, hidden, heads)
        self.l3 = GATv2Layer(hidden * heads, classes, 1, concat=False)


model = GATv2()
