"""Hypergraph node classification: TopoModelX HyperSAGE backbone plus a linear readout."""

import torch
from topomodelx.nn.hypergraph.hypersage import HyperSAGE


class Network(torch.nn.Module):
    def __init__(self, in_channels, hidden_channels, out_channels, n_layers=2):
        super().__init__()
        self.base_model = HyperSAGE(
            in_channels=in_channels, hidden_channels=hidden_channels, n_layers=n_layers
        )
        self.linear = torch.nn.Linear(hidden_channels, out_channels)


model = Network(in_channels=1433, hidden_channels=64, out_channels=7, n_layers=3)
