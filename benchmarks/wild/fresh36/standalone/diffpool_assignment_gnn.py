# DiffPool: at each level an embedding GNN and an assignment GNN (output = number of clusters);
# cluster counts shrink by a pooling ratio
import torch.nn as nn


class DenseGCN(nn.Module):
    def __init__(self, cin, hidden, cout, layers=3):
        super().__init__()
        dims = [cin] + [hidden] * (layers - 1) + [cout]
        self.lins = nn.ModuleList(nn.Linear(a, b) for a, b in zip(dims, dims[1:]))
        self.bns = nn.ModuleList(nn.BatchNorm1d(b) for b in dims[1:-1])


class DiffPool(nn.Module):
    def __init__(self, in_feats=18, hidden=64, max_nodes=150, ratio=0.25, levels=2, classes=6):
        super().__init__()
        self.embed, self.assign = nn.ModuleList(), nn.ModuleList()
        n, c = max_nodes, in_feats
        for _ in range(levels):
            n = int(n * ratio)
            self.assign.append(DenseGCN(c, hidden, n))
            self.embed.append(DenseGCN(c, hidden, hidden))
            c = hidden
        self.final = DenseGCN(c, hidden, hidden)
        self.lin = nn.Sequential(nn.Linear(hidden, hidden), nn.ReLU(), nn.Linear(hidden, classes))


model = DiffPool()
