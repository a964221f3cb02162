"""Closures with a nonlocal counter name and size layers; the width doubles every other call."""

import torch.nn as nn


def make_factory(base):
    calls = 0

    def new_block(c_in):
        nonlocal calls
        calls += 1
        c_out = base * 2 ** (calls // 2)
        return nn.Sequential(
            nn.Conv1d(c_in, c_out, 3, padding=1),
            nn.InstanceNorm1d(c_out, affine=calls % 2 == 0),
            nn.ELU(),
        ), c_out

    return new_block


factory = make_factory(8)
layers, c = [], 2
for _ in range(5):
    blk, c = factory(c)
    layers.append(blk)
model = nn.Sequential(*layers, nn.Conv1d(c, 1, 1))
