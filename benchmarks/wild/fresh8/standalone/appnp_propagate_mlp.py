"""APPNP: a two-layer MLP for predictions, then K steps of personalised-PageRank propagation,
which hold no parameters (alpha is a float); one of the many graph nets whose depth is not its
parameter count."""

import torch.nn as nn


class APPNP(nn.Module):
    def __init__(self, in_feats=3703, hiddens=(64,), n_classes=6, k=10, alpha=0.1, dropout=0.5):
        super().__init__()
        dims = (in_feats, *hiddens, n_classes)
        self.layers = nn.ModuleList(nn.Linear(a, b) for a, b in zip(dims, dims[1:]))
        self.dropout = nn.Dropout(dropout)
        self.k, self.alpha = k, alpha


model = APPNP()
