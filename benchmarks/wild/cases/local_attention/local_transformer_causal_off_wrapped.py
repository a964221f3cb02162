"""local_attention: local_transformer_causal_off_wrapped (wild-code corpus, benchmarks/wild)."""

import torch
from torch import nn

from local_attention import LocalTransformer


class Net(nn.Module):
    def __init__(self, **kwargs):
        super().__init__()
        self.body = LocalTransformer(**kwargs)
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
    local_attn_window_size=16,
    causal=False,
    ff_mult=2,
)
