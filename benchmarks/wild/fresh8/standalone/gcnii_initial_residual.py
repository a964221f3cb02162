"""GCNII: deep GCN with initial residual and identity mapping; 32 graph-conv layers each with one
square weight (no bias), plus input and output linears, as the paper's ogbn/Cora setup."""

import math

import torch
import torch.nn as nn


class GraphConvolution(nn.Module):
    def __init__(self, in_features, out_features, residual=False, variant=False):
        super().__init__()
        self.in_features = 2 * in_features if variant else in_features
        self.weight = nn.Parameter(torch.empty(self.in_features, out_features))
        stdv = 1.0 / math.sqrt(out_features)
        self.weight.data.uniform_(-stdv, stdv)


class GCNII(nn.Module):
    def __init__(self, nfeat=1433, nlayers=32, nhidden=64, nclass=7, variant=False):
        super().__init__()
        self.convs = nn.ModuleList(
            GraphConvolution(nhidden, nhidden, variant=variant) for _ in range(nlayers)
        )
        self.fcs = nn.ModuleList([nn.Linear(nfeat, nhidden), nn.Linear(nhidden, nclass)])


model = GCNII(variant=True)
