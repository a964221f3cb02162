"""reformer_pytorch: lm_weight_tie_wrapped (wild-code corpus, benchmarks/wild)."""

import torch
from torch import nn

from reformer_pytorch import ReformerLM


class Net(nn.Module):
    def __init__(self, **kwargs):
        super().__init__()
        self.body = ReformerLM(**kwargs)
        self.scale = nn.Parameter(torch.ones(1))

    def forward(self, *args):
        return self.body(*args) * self.scale


model = Net(
    num_tokens=100,
    dim=64,
    depth=2,
    max_seq_len=128,
    heads=4,
    bucket_size=16,
    weight_tie=True,
)
