"""g_mlp_pytorch: gmlp_causal_circulant_wrapped (wild-code corpus, benchmarks/wild)."""

import torch
from torch import nn

from g_mlp_pytorch import gMLP


class Net(nn.Module):
    def __init__(self, **kwargs):
        super().__init__()
        self.body = gMLP(**kwargs)
        self.scale = nn.Parameter(torch.ones(1))

    def forward(self, *args):
        return self.body(*args) * self.scale


model = Net(
    num_tokens=50,
    dim=32,
    depth=3,
    seq_len=32,
    causal=True,
    circulant_matrix=True,
)
