from functools import lru_cache

import torch.nn as nn


@lru_cache(maxsize=None)  # noqa: UP033
def shared_block(width):
    # cached: asking twice for a width returns the SAME module (weights shared)
    return nn.Sequential(nn.Linear(width, width), nn.GELU())


class Net(nn.Module):
    def __init__(self, widths=(32, 32, 64, 32)):
        super().__init__()
        self.blocks = nn.ModuleList(shared_block(w) for w in widths)
        self.adapt = nn.ModuleList(nn.Linear(a, b) for a, b in zip(widths, widths[1:]) if a != b)


model = Net()
