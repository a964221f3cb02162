"""`copy.deepcopy` of a block whose `__reduce_ex__` rebuilds it from its constructor arguments with a wider hidden size."""

import copy

import torch.nn as nn


class FFN(nn.Module):
    def __init__(self, dim, hidden):
        super().__init__()
        self.dim, self.hidden = dim, hidden
        self.up = nn.Linear(dim, hidden)
        self.down = nn.Linear(hidden, dim)

    def __reduce_ex__(self, protocol):
        return (FFN, (self.dim, self.hidden + 16))


proto = FFN(dim=32, hidden=64)
model = nn.Sequential(proto, copy.deepcopy(proto), copy.deepcopy(proto))
