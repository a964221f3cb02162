"""A __slots__ config and a hand-written LoRA wrapper over frozen base linears."""

import math

import torch
from torch import nn


class LoraCfg:
    __slots__ = ("r", "alpha", "targets")

    def __init__(self, r=4, alpha=8, targets=("q", "v")):
        self.r, self.alpha, self.targets = r, alpha, targets


class LoRALinear(nn.Module):
    def __init__(self, base: nn.Linear, r: int, alpha: int):
        super().__init__()
        self.base = base
        self.base.requires_grad_(False)
        self.A = nn.Parameter(torch.randn(r, base.in_features) / math.sqrt(r))
        self.B = nn.Parameter(torch.zeros(base.out_features, r))
        self.scale = alpha / r


class Attn(nn.Module):
    def __init__(self, d=24):
        super().__init__()
        self.q, self.k, self.v, self.o = (nn.Linear(d, d) for _ in range(4))


def add_lora(m: nn.Module, cfg: LoraCfg):
    for name in cfg.targets:
        setattr(m, name, LoRALinear(getattr(m, name), cfg.r, cfg.alpha))
    return m


model = add_lora(Attn(), LoraCfg(r=2))
