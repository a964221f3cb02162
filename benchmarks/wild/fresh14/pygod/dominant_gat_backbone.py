"""DOMINANT anomaly detector over a GAT backbone instead of the default GCN."""

from pygod.nn import DOMINANTBase
from torch_geometric.nn import GAT

model = DOMINANTBase(in_dim=500, hid_dim=32, num_layers=4, dropout=0.1, backbone=GAT)
