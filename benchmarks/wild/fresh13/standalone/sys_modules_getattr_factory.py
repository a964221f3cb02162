"""Layer classes resolved by name with getattr(sys.modules[__name__], ...) and getattr(nn, ...)."""

import sys

import torch.nn as nn


class GatedUnit(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.proj = nn.Linear(d, 2 * d)


class Residual(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.fn = nn.Sequential(nn.LayerNorm(d), nn.Linear(d, d))


PLAN = ["GatedUnit", "Residual", "Linear", "GatedUnit", "Identity"]


def resolve(name):
    here = sys.modules[__name__]
    return getattr(here, name, None) or getattr(nn, name)


def make(name, d):
    cls = resolve(name)
    if cls is nn.Linear:
        return cls(d, d, bias=False)
    if cls is nn.Identity:
        return cls()
    return cls(d)


model = nn.Sequential(*[make(n, 48) for n in PLAN])
