"""vector_quantize_pytorch: vq_codebook_dim_wrapped (wild-code corpus, benchmarks/wild)."""

import torch
from torch import nn

from vector_quantize_pytorch import VectorQuantize


class Net(nn.Module):
    def __init__(self, **kwargs):
        super().__init__()
        self.body = VectorQuantize(**kwargs)
        self.scale = nn.Parameter(torch.ones(1))

    def forward(self, *args):
        return self.body(*args) * self.scale


model = Net(
    dim=64,
    codebook_size=128,
    codebook_dim=16,
    heads=2,
    separate_codebook_per_head=True,
)
