"""local_attention: local_attention_relpos_wrapped (wild-code corpus, benchmarks/wild)."""

import torch
from torch import nn

from local_attention import LocalAttention


class Net(nn.Module):
    def __init__(self, **kwargs):
        super().__init__()
        self.body = LocalAttention(**kwargs)
        self.scale = nn.Parameter(torch.ones(1))

    def forward(self, *args):
        return self.body(*args) * self.scale


model = Net(
    window_size=16,
    causal=True,
    dim=64,
    use_rotary_pos_emb=False,
    rel_pos_emb_config=(16, 4),
)
