"""GIN (Xu et al.) for graph classification with jumping-knowledge readout: one linear head per layer's pooled output."""

import torch
import torch.nn as nn


class MLP(nn.Module):
    def __init__(self, num_layers, input_dim, hidden_dim, output_dim):
        super().__init__()
        if num_layers == 1:
            self.linears = nn.ModuleList([nn.Linear(input_dim, output_dim)])
            self.batch_norms = nn.ModuleList()
        else:
            dims = [input_dim] + [hidden_dim] * (num_layers - 1) + [output_dim]
            self.linears = nn.ModuleList([nn.Linear(a, b) for a, b in zip(dims, dims[1:])])
            self.batch_norms = nn.ModuleList(
                [nn.BatchNorm1d(hidden_dim) for _ in range(num_layers - 1)]
            )


class GraphCNN(nn.Module):
    def __init__(self, num_layers, num_mlp_layers, input_dim, hidden_dim, output_dim, learn_eps):
        super().__init__()
        self.num_layers = num_layers
        self.learn_eps = learn_eps
        self.eps = nn.Parameter(torch.zeros(self.num_layers - 1))
        self.mlps = nn.ModuleList()
        self.batch_norms = nn.ModuleList()
        for layer in range(self.num_layers - 1):
            self.mlps.append(
                MLP(num_mlp_layers, input_dim if layer == 0 else hidden_dim, hidden_dim, hidden_dim)
            )
            self.batch_norms.append(nn.BatchNorm1d(hidden_dim))
        self.linears_prediction = nn.ModuleList(
            [
                nn.Linear(input_dim if layer == 0 else hidden_dim, output_dim)
                for layer in range(num_layers)
            ]
        )


model = GraphCNN(
    num_layers=5, num_mlp_layers=2, input_dim=7, hidden_dim=32, output_dim=2, learn_eps=False
)
