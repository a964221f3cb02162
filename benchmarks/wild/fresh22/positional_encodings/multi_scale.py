"""Multi-scale feature maps, one encoding per scale, built with a generator over channel widths."""

from positional_encodings.torch_encodings import PositionalEncodingPermute2D, Summer
from torch import nn

WIDTHS = (8, 16, 32)


class Pyramid(nn.Module):
    def __init__(self):
        super().__init__()
        self.stages = nn.ModuleList(
            nn.Conv2d(a, b, 3, stride=2, padding=1) for a, b in zip((3,) + WIDTHS[:-1], WIDTHS)
        )
        self.encodings = nn.ModuleList(Summer(PositionalEncodingPermute2D(w)) for w in WIDTHS)


model = Pyramid()
