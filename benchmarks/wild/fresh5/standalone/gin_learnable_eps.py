"""Graph Isomorphism Network (GIN-eps) in plain torch: dense adjacency aggregation, a learnable
epsilon per layer, an MLP per layer, one readout head per layer (jumping-knowledge sum)."""

import torch
import torch.nn as nn


class MLP(nn.Module):
    def __init__(self, num_layers, input_dim, hidden_dim, output_dim):
        super().__init__()
        self.linear_or_not = num_layers == 1
        if self.linear_or_not:
            self.linear = nn.Linear(input_dim, output_dim)
        else:
            self.linears = nn.ModuleList()
            self.batch_norms = nn.ModuleList()
            self.linears.append(nn.Linear(input_dim, hidden_dim))
            for _ in range(num_layers - 2):
                self.linears.append(nn.Linear(hidden_dim, hidden_dim))
            self.linears.append(nn.Linear(hidden_dim, output_dim))
            for _ in range(num_layers - 1):
                self.batch_norms.append(nn.BatchNorm1d(hidden_dim))


class GraphCNN(nn.Module):
    def __init__(self, num_layers, num_mlp_layers, input_dim, hidden_dim, output_dim, learn_eps=True):
        super().__init__()
        self.num_layers = num_layers
        self.learn_eps = learn_eps
        self.eps = nn.Parameter(torch.zeros(self.num_layers - 1))
        self.mlps = nn.ModuleList()
        self.batch_norms = nn.ModuleList()
        for layer in range(self.num_layers - 1):
            in_dim = input_dim if layer == 0 else hidden_dim
            self.mlps.append(MLP(num_mlp_layers, in_dim, hidden_dim, hidden_dim))
            self.batch_norms.append(nn.BatchNorm1d(hidden_dim))
        self.linears_prediction = nn.ModuleList(
            [nn.Linear(input_dim if layer == 0 else hidden_dim, output_dim) for layer in range(num_layers)]
        )


model = GraphCNN(num_layers=5, num_mlp_layers=2, input_dim=7, hidden_dim=64, output_dim=2, learn_eps=True)
