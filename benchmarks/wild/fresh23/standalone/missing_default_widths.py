"""A dict subclass whose __missing__ supplies a default width for layers the config does not name."""

from torch import nn


class Widths(dict):
    def __init__(self, default, **given):
        super().__init__(**given)
        self.default = default

    def __missing__(self, key):
        return self.default


widths = Widths(20, enc1=32, dec2=12)
names = ["enc1", "enc2", "bottleneck", "dec1", "dec2"]
dims = [8] + [widths[n] for n in names]
model = nn.Sequential(
    *[nn.Sequential(nn.Linear(a, b), nn.ReLU()) for a, b in zip(dims, dims[1:])],
    nn.Linear(dims[-1], 8),
)
