"""axial_attention: axial_image_transformer_pos_wrapped (wild-code corpus, benchmarks/wild)."""

import torch
from torch import nn

from axial_attention import AxialImageTransformer


class Net(nn.Module):
    def __init__(self, **kwargs):
        super().__init__()
        self.body = AxialImageTransformer(**kwargs)
        self.scale = nn.Parameter(torch.ones(1))

    def forward(self, *args):
        return self.body(*args) * self.scale


model = Net(
    dim=16,
    depth=1,
    heads=2,
    reversible=False,
    axial_pos_emb_shape=(8, 8),
)
