"""A builder memoised with functools.lru_cache: every block asking for the same norm width gets the
same LayerNorm object, so norms are shared across blocks (counted once)."""

from functools import lru_cache

import torch.nn as nn


@lru_cache(maxsize=None)  # noqa: UP033  (written as users write it)
def norm(dim):
    return nn.LayerNorm(dim)


class FF(nn.Module):
    def __init__(self, dim, mult):
        super().__init__()
        self.norm = norm(dim)
        self.net = nn.Sequential(nn.Linear(dim, dim * mult), nn.SiLU(), nn.Linear(dim * mult, dim))


class Net(nn.Module):
    def __init__(self, dims=(32, 32, 64, 64, 32)):
        super().__init__()
        self.blocks = nn.ModuleList(FF(d, 2) for d in dims)
        self.proj = nn.ModuleList(
            nn.Linear(a, b, bias=False) for a, b in zip(dims, dims[1:]) if a != b
        )
        self.final = norm(dims[-1])


model = Net()
