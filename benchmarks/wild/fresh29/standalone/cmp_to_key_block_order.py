"""Blocks ordered with `functools.cmp_to_key`: the comparator sorts by head count descending, ties by width ascending; the chain follows that order."""

import functools

import torch.nn as nn

specs = [(32, 2), (16, 4), (48, 2), (24, 4)]  # (width, heads)


def compare(a, b):
    if a[1] != b[1]:
        return b[1] - a[1]
    return a[0] - b[0]


order = sorted(specs, key=functools.cmp_to_key(compare))  # [(16,4), (24,4), (32,2), (48,2)]
layers = [nn.Linear(8, order[0][0])]
for (w_in, _), (w_out, _) in zip(order, order[1:]):
    layers.append(nn.Linear(w_in, w_out))
model = nn.Sequential(*layers)
