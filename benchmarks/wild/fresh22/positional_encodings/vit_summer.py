"""A tiny ViT-ish encoder adding fixed 2D sinusoidal encodings via positional_encodings' Summer."""

from positional_encodings.torch_encodings import PositionalEncoding2D, Summer
from torch import nn


class PatchEncoder(nn.Module):
    def __init__(self, dim=48, patch=4, depth=2):
        super().__init__()
        self.patchify = nn.Conv2d(3, dim, patch, stride=patch)
        self.pos = Summer(PositionalEncoding2D(dim))
        layer = nn.TransformerEncoderLayer(
            d_model=dim, nhead=4, dim_feedforward=dim * 2, batch_first=True
        )
        self.encoder = nn.TransformerEncoder(layer, num_layers=depth, enable_nested_tensor=False)


model = PatchEncoder(dim=32, depth=3)
