"""tab_transformer_pytorch: tab_transformer_mlp_wrapped (wild-code corpus, benchmarks/wild)."""

import torch
from torch import nn

from tab_transformer_pytorch import TabTransformer


class Net(nn.Module):
    def __init__(self, **kwargs):
        super().__init__()
        self.body = TabTransformer(**kwargs)
        self.scale = nn.Parameter(torch.ones(1))

    def forward(self, *args):
        return self.body(*args) * self.scale


model = Net(
    categories=(10, 5),
    num_continuous=3,
    dim=16,
    depth=1,
    heads=2,
    dim_out=2,
    mlp_hidden_mults=(2, 1),
    use_shared_categ_embed=False,
)
