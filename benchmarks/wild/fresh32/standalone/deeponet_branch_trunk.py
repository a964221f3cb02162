"""DeepONet (Lu et al.): branch and trunk nets from "width x depth" strings, a learned output bias."""

import re

import torch
import torch.nn as nn

SPEC = {"branch": "100 -> 40x3 -> 32", "trunk": "2 -> 40x2 -> 32", "activation": "tanh"}


def parse_layers(spec):
    sizes = []
    for tok in spec.split("->"):
        tok = tok.strip()
        m = re.fullmatch(r"(\d+)x(\d+)", tok)
        if m:
            sizes += [int(m.group(1))] * int(m.group(2))
        else:
            sizes.append(int(tok))
    return sizes


def fnn(sizes, act):
    layers = []
    for i, (a, b) in enumerate(zip(sizes, sizes[1:])):
        layers.append(nn.Linear(a, b))
        if i < len(sizes) - 2:
            layers.append(act())
    return nn.Sequential(*layers)


class DeepONet(nn.Module):
    def __init__(self, spec):
        super().__init__()
        act = {"tanh": nn.Tanh, "relu": nn.ReLU}[spec["activation"]]
        b, t = parse_layers(spec["branch"]), parse_layers(spec["trunk"])
        assert b[-1] == t[-1]
        self.branch = fnn(b, act)
        self.trunk = fnn(t, act)
        self.b = nn.Parameter(torch.tensor(0.0))


model = DeepONet(SPEC)
