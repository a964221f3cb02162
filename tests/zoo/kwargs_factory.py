"""Zoo: layers built through **kwargs dicts, a class-level table and a staticmethod factory."""

import torch.nn as nn


class Factory(nn.Module):
    NORMS = {"bn": nn.BatchNorm1d, "ln": nn.LayerNorm}

    def __init__(self, dim=30, norm="ln", **kwargs):
        super().__init__()
        lin_kw = dict(bias=kwargs.get("bias", False))
        self.proj = nn.Linear(dim, dim * 2, **lin_kw)
        self.norm = self.NORMS[norm](dim * 2)
        self.out = self.make_out(dim * 2, 5)

    def forward(self, x):
        return self.out(self.norm(self.proj(x)))

    @staticmethod
    def make_out(i, o):
        return nn.Linear(in_features=i, out_features=o)


ENTRY = "Factory"
CONFIG = None
INPUT = (3, 30)


def build():
    return Factory()
