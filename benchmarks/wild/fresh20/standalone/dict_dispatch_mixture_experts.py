"""A mixture of experts whose expert kinds come from a cycle over a dispatch dict; a shared router."""

import itertools

import torch.nn as nn

EXPERTS = {
    "ffn": lambda d: nn.Sequential(nn.Linear(d, 4 * d), nn.GELU(), nn.Linear(4 * d, d)),
    "glu": lambda d: nn.Sequential(nn.Linear(d, 2 * d), nn.GLU(), nn.Linear(d, d)),
    "lin": lambda d: nn.Linear(d, d, bias=False),
}


class MoE(nn.Module):
    def __init__(self, d=32, n=5):
        super().__init__()
        kinds = itertools.islice(itertools.cycle(EXPERTS), n)
        self.experts = nn.ModuleList(EXPERTS[k](d) for k in kinds)
        self.router = nn.Linear(d, n)


class Stack(nn.Module):
    def __init__(self, depth=3):
        super().__init__()
        self.layers = nn.ModuleList(MoE() for _ in range(depth))
        shared = self.layers[0].router
        for layer in self.layers[1:]:
            layer.router = shared


model = Stack()
