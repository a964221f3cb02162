"""functools.lru_cache(typed=True) caches f(3) and f(3.0) separately: a counter bumped on every real call
makes the second call (a float) build a wider block, while typed=False would have reused the int entry."""

import functools

import torch.nn as nn

calls = []


@functools.lru_cache(maxsize=None, typed=True)
def block(k):
    calls.append(k)
    w = 8 * len(calls)
    return nn.Sequential(nn.Linear(int(k) * 2, w), nn.ReLU(), nn.Linear(w, int(k) * 2))


model = nn.ModuleList([block(3), block(3.0), block(3)])  # third is the first again (shared)
