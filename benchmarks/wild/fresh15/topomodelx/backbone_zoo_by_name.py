"""Hypergraph backbones chosen from a dict of constructors by name (UniGCNII picked),
with per-model kwargs merged over shared ones."""

import torch
from topomodelx.nn.hypergraph.hypersage import HyperSAGE
from topomodelx.nn.hypergraph.unigcnii import UniGCNII

ZOO = {"hypersage": HyperSAGE, "unigcnii": UniGCNII}
SHARED = dict(in_channels=16, hidden_channels=32, n_layers=2)
EXTRA = {"hypersage": dict(alpha=-1), "unigcnii": dict(alpha=0.1)}


class Head(torch.nn.Module):
    def __init__(self, name, classes=4):
        super().__init__()
        self.backbone = ZOO[name](**{**SHARED, **EXTRA[name]})
        self.cls = torch.nn.Linear(SHARED["hidden_channels"], classes)


model = Head("unigcnii")
