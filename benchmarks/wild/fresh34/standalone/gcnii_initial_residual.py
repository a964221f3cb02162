import math

import torch
import torch.nn as nn


class GraphConvolutionII(nn.Module):
    def __init__(self, in_features, out_features, variant=False):
        super().__init__()
        self.variant = variant
        self.in_features = 2 * in_features if variant else in_features
        self.weight = nn.Parameter(torch.empty(self.in_features, out_features))
        stdv = 1.0 / math.sqrt(out_features)
        self.weight.data.uniform_(-stdv, stdv)


class GCNII(nn.Module):
    def __init__(
        self, nfeat, nlayers, nhidden, nclass, dropout=0.5, lamda=0.5, alpha=0.1, variant=False
    ):
        super().__init__()
        self.convs = nn.ModuleList(
            [GraphConvolutionII(nhidden, nhidden, variant=variant) for _ in range(nlayers)]
        )
        self.fcs = nn.ModuleList([nn.Linear(nfeat, nhidden), nn.Linear(nhidden, nclass)])
        self.params1 = list(self.convs.parameters())
        self.params2 = list(self.fcs.parameters())
        self.lamda, self.alpha = lamda, alpha


model = GCNII(nfeat=100, nlayers=8, nhidden=32, nclass=7, variant=True)
