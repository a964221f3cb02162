"""lambda_networks: lambda_global_wrapped (wild-code corpus, benchmarks/wild)."""

import torch
from torch import nn

from lambda_networks import LambdaLayer


class Net(nn.Module):
    def __init__(self, **kwargs):
        super().__init__()
        self.body = LambdaLayer(**kwargs)
        self.scale = nn.Parameter(torch.ones(1))

    def forward(self, *args):
        return self.body(*args) * self.scale


model = Net(
    dim=32,
    dim_out=64,
    n=64,
    dim_k=16,
    heads=4,
    dim_u=4,
)
