"""Head widths from a bitmask class: `~mask` via `__invert__` (within 6 bits), `mask << k` via `__lshift__` (a 6-bit rotate)."""

import torch.nn as nn

BITS = 6


class Mask:
    def __init__(self, v):
        self.v = v & ((1 << BITS) - 1)

    def __invert__(self):
        return Mask(~self.v)

    def __lshift__(self, k):
        return Mask((self.v << k) | (self.v >> (BITS - k)))

    def count(self):
        return bin(self.v).count("1")


m = Mask(0b000111)
model = nn.ModuleDict(
    {
        "base": nn.Linear(m.count() * 8, 16),
        "inverted": nn.Linear((~m).count() * 8 + 1, 16),
        "shifted": nn.Linear((Mask(0b100001) << 2).count() * 8, 16),
    }
)
