"""esm: transformer_layer_wrapped (wild-code corpus, benchmarks/wild)."""

import torch
from torch import nn

from esm.modules import TransformerLayer


class Net(nn.Module):
    def __init__(self, **kwargs):
        super().__init__()
        self.body = TransformerLayer(**kwargs)
        self.scale = nn.Parameter(torch.ones(1))

    def forward(self, *args):
        return self.body(*args) * self.scale


model = Net(
    embed_dim=64,
    ffn_embed_dim=256,
    attention_heads=4,
    use_rotary_embeddings=True,
)
