"""Gilmer MPNN: edge network messages (an MLP emits the message matrix), GRU update, Set2Set readout."""

import torch
import torch.nn as nn


class EdgeNetwork(nn.Module):
    def __init__(self, edge_dim, node_dim):
        super().__init__()
        self.node_dim = node_dim
        self.net = nn.Sequential(
            nn.Linear(edge_dim, 64), nn.ReLU(), nn.Linear(64, node_dim * node_dim)
        )
        self.bias = nn.Parameter(torch.zeros(node_dim))

    def forward(self, h, edge_index, edge_attr):
        W = self.net(edge_attr).view(-1, self.node_dim, self.node_dim)
        msg = torch.bmm(W, h[edge_index[0]].unsqueeze(-1)).squeeze(-1)
        return torch.zeros_like(h).index_add_(0, edge_index[1], msg) + self.bias


class Set2Set(nn.Module):
    def __init__(self, in_channels, processing_steps=3):
        super().__init__()
        self.steps = processing_steps
        self.lstm = nn.LSTM(2 * in_channels, in_channels, num_layers=1)


class MPNN(nn.Module):
    def __init__(self, node_in=11, edge_in=4, dim=32, steps=3, targets=12):
        super().__init__()
        self.steps = steps
        self.lin0 = nn.Linear(node_in, dim)
        self.conv = EdgeNetwork(edge_in, dim)
        self.gru = nn.GRU(dim, dim)
        self.set2set = Set2Set(dim, processing_steps=3)
        self.lin1 = nn.Linear(2 * dim, dim)
        self.lin2 = nn.Linear(dim, targets)


model = MPNN(node_in=11, edge_in=4, dim=32, steps=3, targets=12)
