"""Functional activations, tensor methods, in-place ops and dropout in forward."""

import torch
import torch.nn as nn
import torch.nn.functional as F

INPUT = (3, 10)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(10, 20)
        self.b = nn.Linear(20, 20)
        self.c = nn.Linear(20, 6)

    def forward(self, x):
        x = F.gelu(self.a(x))
        x = F.dropout(x, p=0.1, training=self.training)
        x = torch.sigmoid(self.b(x)) * 2.0
        x = x.tanh()
        x = F.silu(x).relu_()
        return F.softmax(self.c(x), dim=-1)
