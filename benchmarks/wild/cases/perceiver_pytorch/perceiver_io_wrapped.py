"""perceiver_pytorch: perceiver_io_wrapped (wild-code corpus, benchmarks/wild)."""

import torch
from torch import nn

from perceiver_pytorch import PerceiverIO


class Net(nn.Module):
    def __init__(self, **kwargs):
        super().__init__()
        self.body = PerceiverIO(**kwargs)
        self.scale = nn.Parameter(torch.ones(1))

    def forward(self, *args):
        return self.body(*args) * self.scale


model = Net(
    dim=32,
    queries_dim=16,
    logits_dim=10,
    depth=2,
    num_latents=16,
    latent_dim=32,
    cross_heads=1,
    latent_heads=4,
    cross_dim_head=16,
    latent_dim_head=16,
)
