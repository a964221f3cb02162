"""st_moe_pytorch: moe_wrapped (wild-code corpus, benchmarks/wild)."""

import torch
from torch import nn

from st_moe_pytorch import MoE


class Net(nn.Module):
    def __init__(self, **kwargs):
        super().__init__()
        self.body = MoE(**kwargs)
        self.scale = nn.Parameter(torch.ones(1))

    def forward(self, *args):
        return self.body(*args) * self.scale


model = Net(
    dim=64,
    num_experts=4,
    gating_top_n=2,
)
