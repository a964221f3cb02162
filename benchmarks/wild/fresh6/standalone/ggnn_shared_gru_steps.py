"""Gated graph neural net: per-edge-type message linears and one GRU cell listed once per step."""

import torch.nn as nn


class GGNN(nn.Module):
    def __init__(self, annotation_dim=8, state_dim=32, n_edge_types=3, n_steps=5, n_classes=4):
        super().__init__()
        self.n_steps = n_steps
        self.annotation = nn.Linear(annotation_dim, state_dim)
        self.in_fcs = nn.ModuleList(nn.Linear(state_dim, state_dim) for _ in range(n_edge_types))
        self.out_fcs = nn.ModuleList(nn.Linear(state_dim, state_dim) for _ in range(n_edge_types))
        cell = nn.GRUCell(2 * state_dim, state_dim)
        # the propagation is unrolled: the same cell at every step
        self.propagator = nn.ModuleList([cell] * n_steps)
        self.out = nn.Sequential(
            nn.Linear(state_dim + annotation_dim, state_dim),
            nn.Tanh(),
            nn.Linear(state_dim, n_classes),
        )


model = GGNN(annotation_dim=8, state_dim=32, n_edge_types=3, n_steps=5, n_classes=4)
