"""Blocks registered by a class decorator that also injects a `expansion` attribute; built from a spec list."""

import torch.nn as nn

BLOCKS: dict[str, type] = {}


def block(name, expansion=1):
    def deco(cls):
        cls.expansion = expansion
        BLOCKS[name] = cls
        return cls

    return deco


@block("basic")
class Basic(nn.Module):
    def __init__(self, cin, cout):
        super().__init__()
        self.c1 = nn.Conv2d(cin, cout, 3, padding=1, bias=False)
        self.c2 = nn.Conv2d(cout, cout * self.expansion, 3, padding=1, bias=False)


@block("bottleneck", expansion=4)
class Bottleneck(nn.Module):
    def __init__(self, cin, cout):
        super().__init__()
        self.reduce = nn.Conv2d(cin, cout, 1, bias=False)
        self.conv = nn.Conv2d(cout, cout, 3, padding=1, bias=False)
        self.expand = nn.Conv2d(cout, cout * self.expansion, 1, bias=False)


SPEC = [("basic", 32), ("bottleneck", 16), ("bottleneck", 32), ("basic", 64)]


def build(spec, cin=3):
    layers = []
    for kind, width in spec:
        cls = BLOCKS[kind]
        layers.append(cls(cin, width))
        cin = width * cls.expansion
    return nn.Sequential(*layers, nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(cin, 10))


model = build(SPEC)
