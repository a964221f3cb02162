"""torch_geometric: TransformerConv layers with an edge MLP, sizes from a dict (fresh batch, benchmarks/wild/fresh)."""

import torch.nn as nn
from torch_geometric.nn import TransformerConv

cfg = {"in": 12, "hidden": 32, "heads": 4, "edge_dim": 6, "depth": 2}


class GraphTransformer(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.edge_mlp = nn.Sequential(nn.Linear(cfg["edge_dim"], cfg["edge_dim"]), nn.ReLU())
        dims = [cfg["in"]] + [cfg["hidden"] * cfg["heads"]] * cfg["depth"]
        self.convs = nn.ModuleList(
            TransformerConv(d_in, cfg["hidden"], heads=cfg["heads"], edge_dim=cfg["edge_dim"], beta=True)
            for d_in in dims[:-1]
        )


model = GraphTransformer(cfg)
