"""diffusers: sd3_transformer_wrapped (wild-code corpus, benchmarks/wild)."""

import torch
from torch import nn

from diffusers import SD3Transformer2DModel


class Net(nn.Module):
    def __init__(self, **kwargs):
        super().__init__()
        self.body = SD3Transformer2DModel(**kwargs)
        self.scale = nn.Parameter(torch.ones(1))

    def forward(self, *args):
        return self.body(*args) * self.scale


model = Net(
    sample_size=16,
    patch_size=2,
    in_channels=4,
    num_layers=2,
    attention_head_dim=8,
    num_attention_heads=2,
    joint_attention_dim=32,
    caption_projection_dim=16,
    pooled_projection_dim=16,
    out_channels=4,
    pos_embed_max_size=32,
)
