"""Weight tying through a property: the decoder keeps a plain (unregistered) reference to the encoder
and exposes its transposed weight as a read-only ``weight`` property; only the bias is its own."""

import torch
from torch import nn


class TiedDecoder(nn.Module):
    def __init__(self, enc: nn.Linear):
        super().__init__()
        object.__setattr__(self, "_enc", enc)  # not a submodule: no second path to the weight
        self.bias = nn.Parameter(torch.zeros(enc.in_features))

    @property
    def weight(self):
        return self._enc.weight.t()


class AE(nn.Module):
    def __init__(self, d=30, z=6):
        super().__init__()
        self.enc = nn.Linear(d, z)
        self.dec = TiedDecoder(self.enc)


model = AE()
