"""Idiom: a functools.cache'd size helper; the cached list is returned by reference, so the caller's
in-place append changes what every later call returns (the second stage sees four widths)."""

import functools

import torch.nn as nn


@functools.cache
def stage_widths(base, n):
    return [base * 2**i for i in range(n)]


first = stage_widths(8, 3)
first.append(first[-1] * 2)  # mutates the cached list
second = stage_widths(8, 3)


def convs(widths, cin):
    layers = []
    for w in widths:
        layers += [nn.Conv2d(cin, w, 3, padding=1), nn.ReLU()]
        cin = w
    return nn.Sequential(*layers)


model = nn.ModuleDict({"a": convs(first[:3], 3), "b": convs(second, 3)})
