"""A temporal conv net whose layers come from generator functions: a generator yields (dilation,
channels) pairs, another yields modules for each, and nn.Sequential consumes the chained stream."""

import itertools

import torch.nn as nn


def schedule(levels, base, growth):
    ch = base
    for lvl in range(levels):
        yield 2**lvl, ch
        if lvl % 2 == 1:
            ch = int(ch * growth)


def tcn_layers(in_ch, levels=6, base=16, growth=1.5, kernel=3):
    prev = in_ch
    for dilation, ch in schedule(levels, base, growth):
        yield nn.Conv1d(prev, ch, kernel, padding=dilation * (kernel - 1) // 2, dilation=dilation)
        yield nn.BatchNorm1d(ch)
        yield nn.ReLU()
        if prev != ch:
            yield nn.Dropout(0.1)
        prev = ch


def head(n_in_gen, n_classes):
    yield nn.AdaptiveAvgPool1d(1)
    yield nn.Flatten()
    yield nn.Linear(n_in_gen, n_classes)


def last_width(levels, base, growth):
    *_, (_, ch) = schedule(levels, base, growth)
    return ch


model = nn.Sequential(*itertools.chain(tcn_layers(9, levels=6), head(last_width(6, 16, 1.5), 4)))
