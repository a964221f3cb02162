import torch
import torch.nn as nn
from torch.nn.modules.lazy import LazyModuleMixin
from torch.nn.parameter import UninitializedParameter


class LazyScale(LazyModuleMixin, nn.Module):
    cls_to_become = None

    def __init__(self):
        super().__init__()
        self.w = UninitializedParameter()

    def initialize_parameters(self, x):
        if self.has_uninitialized_params():
            with torch.no_grad():
                self.w.materialize((x.shape[-1],))

    def forward(self, x):
        return x * self.w


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.s = LazyScale()
        self.s(torch.zeros(2, 7))
        self.l = nn.Linear(7, 1)
