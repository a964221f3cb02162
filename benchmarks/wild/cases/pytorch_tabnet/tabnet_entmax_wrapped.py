"""pytorch_tabnet: tabnet_entmax_wrapped (wild-code corpus, benchmarks/wild)."""

import torch
from torch import nn

import torch
from pytorch_tabnet.tab_network import TabNet


class Net(nn.Module):
    def __init__(self, **kwargs):
        super().__init__()
        self.body = TabNet(**kwargs)
        self.scale = nn.Parameter(torch.ones(1))

    def forward(self, *args):
        return self.body(*args) * self.scale


model = Net(
    input_dim=12,
    output_dim=3,
    n_d=16,
    n_a=16,
    n_steps=4,
    mask_type='entmax',
    group_attention_matrix=torch.eye(12),
)
