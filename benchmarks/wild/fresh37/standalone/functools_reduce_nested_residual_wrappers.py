# wrappers folded around a core layer with functools.reduce (innermost first)
from functools import reduce

import torch.nn as nn


class Residual(nn.Module):
    def __init__(self, fn):
        super().__init__()
        self.fn = fn


class PreNorm(nn.Module):
    def __init__(self, fn, dim=64):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.fn = fn


class Scale(nn.Module):
    def __init__(self, fn, dim=64):
        super().__init__()
        self.fn = fn
        self.gamma = nn.Parameter(nn.init.constant_(nn.Linear(1, dim).bias.detach().clone(), 1e-4))


def core(dim=64):
    return nn.Sequential(nn.Linear(dim, 4 * dim), nn.GELU(), nn.Linear(4 * dim, dim))


wrappers = [Scale, PreNorm, Residual]
model = nn.Sequential(*[reduce(lambda m, w: w(m), wrappers, core()) for _ in range(3)])
