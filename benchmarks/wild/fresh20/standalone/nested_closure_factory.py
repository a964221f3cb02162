"""Nested closures: a factory of factories of residual blocks, counted through a nonlocal."""

import torch.nn as nn


def make_family(act):
    built = 0

    def make_block(dim, expand):
        nonlocal built
        built += 1

        def inner():
            return nn.Sequential(nn.Linear(dim, dim * expand), act(), nn.Linear(dim * expand, dim))

        return inner()

    return make_block


relu_blocks = make_family(nn.ReLU)
tanh_blocks = make_family(nn.Tanh)
model = nn.Sequential(relu_blocks(24, 2), tanh_blocks(24, 3), relu_blocks(24, 1), nn.Linear(24, 4))
