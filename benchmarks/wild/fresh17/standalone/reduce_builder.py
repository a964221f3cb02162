from functools import reduce

import torch.nn as nn

SPEC = [("conv", 16), ("conv", 32), ("pool", None), ("conv", 64), ("pool", None), ("conv", 64)]


def step(acc, item):
    seq, c = acc
    kind, w = item
    if kind == "conv":
        seq.append(nn.Conv1d(c, w, 5, padding=2))
        seq.append(nn.BatchNorm1d(w))
        seq.append(nn.ReLU())
        return seq, w
    seq.append(nn.MaxPool1d(2))
    return seq, c


layers, last = reduce(step, SPEC, ([], 1))
model = nn.Sequential(*layers, nn.AdaptiveMaxPool1d(1), nn.Flatten(), nn.Linear(last, 4))
