"""nystrom_attention: nystromformer_noresidual_wrapped (wild-code corpus, benchmarks/wild)."""

import torch
from torch import nn

from nystrom_attention import Nystromformer


class Net(nn.Module):
    def __init__(self, **kwargs):
        super().__init__()
        self.body = Nystromformer(**kwargs)
        self.scale = nn.Parameter(torch.ones(1))

    def forward(self, *args):
        return self.body(*args) * self.scale


model = Net(
    dim=32,
    depth=3,
    dim_head=8,
    heads=4,
    num_landmarks=8,
    attn_values_residual=False,
)
