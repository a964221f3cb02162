"""performer_pytorch: lm_glu_wrapped (wild-code corpus, benchmarks/wild)."""

import torch
from torch import nn

from performer_pytorch import PerformerLM


class Net(nn.Module):
    def __init__(self, **kwargs):
        super().__init__()
        self.body = PerformerLM(**kwargs)
        self.scale = nn.Parameter(torch.ones(1))

    def forward(self, *args):
        return self.body(*args) * self.scale


model = Net(
    num_tokens=100,
    max_seq_len=64,
    dim=64,
    depth=2,
    heads=4,
    dim_head=16,
    ff_glu=True,
    ff_mult=2,
)
