"""A custom autograd function the analyzer cannot follow, between two known layers."""

import torch
import torch.nn as nn

INPUT = (3, 8)
# the analyzer does not follow custom autograd Functions: dataflow restarts at ``self.b``,
# which gets no input edge, so its output shape is honestly unknown
OUTPUT_UNKNOWN = "ClipGrad.apply (a torch.autograd.Function) is not followed: b has no input"


class ClipGrad(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x.clone()

    @staticmethod
    def backward(ctx, g):
        return g.clamp(-1, 1)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(8, 16)
        self.b = nn.Linear(16, 4)
        self.spare = nn.Linear(16, 16)

    def forward(self, x):
        h = ClipGrad.apply(self.a(x))
        return self.b(h)
