"""soft_moe_pytorch: soft_moe_slots_wrapped (wild-code corpus, benchmarks/wild)."""

import torch
from torch import nn

from soft_moe_pytorch import SoftMoE


class Net(nn.Module):
    def __init__(self, **kwargs):
        super().__init__()
        self.body = SoftMoE(**kwargs)
        self.scale = nn.Parameter(torch.ones(1))

    def forward(self, *args):
        return self.body(*args) * self.scale


model = Net(
    dim=32,
    num_slots=8,
    num_experts=4,
    expert_mult=2,
)
