"""A hand-built Packed-Ensembles MLP: PackedLinear layers with first/last flags."""

import torch.nn as nn
from torch_uncertainty.layers import PackedLinear


class PackedMLP(nn.Module):
    def __init__(self, in_features=20, hidden=64, out=3, m=4, alpha=2):
        super().__init__()
        self.l1 = PackedLinear(in_features, hidden, alpha=alpha, num_estimators=m, first=True)
        self.l2 = PackedLinear(hidden, hidden, alpha=alpha, num_estimators=m, gamma=2)
        self.l3 = PackedLinear(hidden, out, alpha=alpha, num_estimators=m, last=True)


model = PackedMLP(in_features=20, hidden=64, out=3, m=4, alpha=2)
