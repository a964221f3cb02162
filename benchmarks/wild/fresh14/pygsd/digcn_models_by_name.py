"""A small benchmark harness: directed GNN classes picked by name with shared hyper-parameters."""

import torch_geometric_signed_directed.nn.directed as directed

HPARAMS = dict(num_features=128, hidden=48, label_dim=5, dropout=0.3)

MODELS = {
    "digcn": "DiGCN_node_classification",
    "digcn_ib": "DiGCN_Inception_Block_node_classification",
    "dgcn": "DGCN_node_classification",
}


def build(name: str, **overrides):
    cls = getattr(directed, MODELS[name])
    return cls(**{**HPARAMS, **overrides})


model = build("digcn_ib", hidden=64)
