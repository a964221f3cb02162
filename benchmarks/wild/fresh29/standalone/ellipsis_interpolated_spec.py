"""A width spec with an `...` placeholder, filled by linear interpolation between its neighbours."""

import torch.nn as nn

spec = [64, ..., ..., 16]


def fill(s):
    out = list(s)
    known = [i for i, v in enumerate(out) if v is not Ellipsis]
    for a, b in zip(known, known[1:]):
        for i in range(a + 1, b):
            out[i] = out[a] + (out[b] - out[a]) * (i - a) // (b - a)
    return out


ws = fill(spec)  # [64, 48, 32, 16]
model = nn.Sequential(*[nn.Linear(a, b) for a, b in zip(ws, ws[1:])])
